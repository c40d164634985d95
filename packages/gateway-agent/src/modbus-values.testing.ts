import type { GatewayModbusMeter, ModbusReadSpec } from '@atrium/contracts/modbus';
import type { PolledValue } from './modbus-plan';

// Test helpers only: read specs, values and meters as the console sends them to a gateway.

/** A read spec: one FLOAT32 at register 3000 of the holding registers, unit 1, as read. */
export const readSpec = (over: Partial<ModbusReadSpec> = {}): ModbusReadSpec => ({
  registerAddress: 3000,
  wordLength: 2,
  functionCode: 3,
  unitID: 1,
  scaleFactor: 1,
  dataType: 'FLOAT32',
  swapBytes: false,
  swapWords: false,
  ...over,
});

/** A value `id` at `registerAddress`: one UINT16 register unless told. */
export const polledValue = (
  id: string,
  registerAddress: number,
  over: Partial<PolledValue> = {},
): PolledValue => ({
  ...readSpec({ dataType: 'UINT16', wordLength: 1 }),
  id,
  registerAddress,
  ...over,
});

/** A meter `id` on 127.0.0.1:`port`, polled every second. */
export const polledMeter = (
  id: string,
  port: number,
  values: PolledValue[],
): GatewayModbusMeter => ({ id, ip: '127.0.0.1', port, interval: 1, values });
