import { isModbusCodecError } from './codec';

/** The code of the ModbusCodecError `run` throws; undefined when it throws nothing. */
export function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isModbusCodecError(error) ? error.code : 'not a ModbusCodecError';
  }
  return undefined;
}
