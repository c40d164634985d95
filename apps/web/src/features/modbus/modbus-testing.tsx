import { Route, Routes } from 'react-router';
import type { ReactElement } from 'react';
import type { ModbusMeter, ModbusValue } from '@atrium/contracts/modbus';
import { modbusReadOptions } from '../../testing/modbus';
import { renderWithProviders } from '../../testing/render';

/** Test data of the Modbus screens: one project with two kloudnx gateways. */
export const PROJECT = 'p1';
export const GATEWAYS = [
  { name: 'Chaufferie', mac: 'aabbccddee01', type: 'kloudnx' as const },
  { name: 'Garage', mac: 'aabbccddee02', type: 'kloudnx' as const },
  { name: 'Piscine', mac: 'aabbccddee03', type: 'poolnx' as const },
];

export const meter = (overrides: Partial<ModbusMeter> = {}): ModbusMeter => ({
  id: 'm1',
  gatewayMac: 'aabbccddee01',
  name: 'Compteur général',
  network: { ip: '192.168.1.20', port: 502 },
  enabled: true,
  interval: 10,
  ...overrides,
});

type ValueOverrides = Partial<Omit<ModbusValue, 'options'>> & {
  options?: Partial<ModbusValue['options']>;
};

export const value = (overrides: ValueOverrides = {}): ModbusValue => ({
  id: 'v1',
  meterId: 'm1',
  name: 'Tension L1',
  unit: 'V',
  ...overrides,
  options: modbusReadOptions(overrides.options),
});

/** Renders a page at its route, so that it reads its parameters. */
export function renderAtRoute(pattern: string, path: string, page: ReactElement) {
  return renderWithProviders(
    <Routes>
      <Route path={pattern} element={page} />
    </Routes>,
    { route: path },
  );
}
