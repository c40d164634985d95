/**
 * Codes a {@link ModbusCodecError} carries:
 * - `tooFewRegisters`: the registers (or coil bytes) end before the value does;
 * - `badFormat`: a format that cannot be used (unknown data type, STRING without a whole
 *   `wordLength` ≥ 1, a scale factor that is 0 or has more than 5 decimals), a bad offset, or
 *   a register that is not an integer 0–65535;
 * - `outOfRange`: a value the format cannot hold (too large, not an integer where one is needed,
 *   a string for a number, a character beyond Latin-1, a string longer than its registers);
 * - `badPdu`: a request that is not a valid function 1–6 PDU, or a reply that is malformed.
 */
export type ModbusCodecErrorCode = 'tooFewRegisters' | 'badFormat' | 'outOfRange' | 'badPdu';

/** The one error type thrown by `@atrium/modbus`; `code` is stable, `message` is for logs. */
export class ModbusCodecError extends Error {
  /**
   * @param code - stable code, see {@link ModbusCodecErrorCode}
   * @param message - human-readable detail for logs
   */
  constructor(
    readonly code: ModbusCodecErrorCode,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'ModbusCodecError';
  }
}

/** True when `error` is a {@link ModbusCodecError}, optionally with the given code. */
export function isModbusCodecError(
  error: unknown,
  code?: ModbusCodecErrorCode,
): error is ModbusCodecError {
  return error instanceof ModbusCodecError && (code === undefined || error.code === code);
}
