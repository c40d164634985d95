import type { ModbusWizardConfiguration } from '@atrium/contracts/modbus';
import type { ModbusModule } from '../modules/modbus/modbus.module';

/** The demo kloudnx that reads the energy meter: "Salon" of Villa Rose (see demo-projects). */
export const DEMO_METER_GATEWAY = 'a4b1c2001001';

/** How the simulated energy meter's registers read (docs/gateway-protocol.md, register map). */
const METER_VALUES = [
  { name: 'Tension', unit: 'V', registerAddress: 0, dataType: 'FLOAT32' },
  { name: 'Courant', unit: 'A', registerAddress: 2, dataType: 'FLOAT32', swapWords: true },
  { name: 'Puissance active', unit: 'W', registerAddress: 4, dataType: 'INT32', swapBytes: true },
  {
    name: 'Énergie importée',
    unit: 'kWh',
    registerAddress: 6,
    dataType: 'UINT32',
    swapBytes: true,
    swapWords: true,
    scaleFactor: 0.001,
  },
  { name: 'Fréquence', unit: 'Hz', registerAddress: 8, dataType: 'UINT16', scaleFactor: 0.01 },
] as const;

/**
 * The demo's Modbus configuration: the live kloudnx "Salon" polls the simulated energy meter
 * the server runs on 127.0.0.1:`port` every 10 s, so the Modbus lists, the live test and the
 * graphs show a real meter from the first start.
 */
export async function seedDemoModbus(
  modules: { modbus: Pick<ModbusModule, 'wizard'> },
  port: number,
) {
  const meter: ModbusWizardConfiguration = {
    name: 'Compteur général',
    network: { ip: '127.0.0.1', port },
    enabled: true,
    interval: 10,
    values: METER_VALUES.map((v) => ({
      functionCode: 4,
      unitID: 1,
      swapBytes: false,
      swapWords: false,
      scaleFactor: 1,
      wordLength: v.dataType === 'UINT16' ? 1 : 2,
      ...v,
    })),
  };
  await modules.modbus.wizard.save(DEMO_METER_GATEWAY, [meter]);
}
