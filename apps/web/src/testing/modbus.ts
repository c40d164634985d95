import type { ModbusValue } from '@atrium/contracts/modbus';

/** How a sample Modbus value is read: a FLOAT32 of two words, function code 4, unit 1. */
export const modbusReadOptions = (
  overrides: Partial<ModbusValue['options']> = {},
): ModbusValue['options'] => ({
  registerAddress: 0,
  wordLength: 2,
  functionCode: 4,
  unitID: 1,
  scaleFactor: 1,
  dataType: 'FLOAT32',
  swapBytes: false,
  swapWords: false,
  ...overrides,
});
