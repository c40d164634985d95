/**
 * Codes a {@link KnxError} can carry. Where the spec's error catalogue names
 * the situation (document 2 §5, §8), the code is the spec's key so the server
 * can hand it straight to the console for translation.
 */
export type KnxErrorCode =
  /** A group address outside 0–31/0–7/0–255 (or its 2-level / free forms), or not an address. */
  | 'malformedAddress'
  /** A DPT text that cannot be read, or a main type the codec does not know. */
  | 'invalidDPT'
  /** A value that does not fit the DPT (wrong type, out of range, not an integer...). */
  | 'invalidValue'
  /** Bytes that do not fit the DPT (wrong length, reserved bits set, NaN...). */
  | 'invalidPayload'
  /** An ETS file with no content. */
  | 'emptyFile'
  /** An ETS file larger than the allowed size. */
  | 'fileTooLargeMax'
  /** An ETS file that is not a well-formed, safe, supported export. */
  | 'etsFileNotReadable'
  /** A `.knxproj` whose project is protected, read without a password. */
  | 'etsPasswordRequired'
  /** A `.knxproj` whose project the given password does not open. */
  | 'etsPasswordWrong'
  /** A `.knxproj` refused as unsafe: path traversal, too many entries, zip bomb. */
  | 'knxprojUnsafe';

/** The one error type thrown by `@atrium/knx`; `code` is stable, `message` is for logs. */
export class KnxError extends Error {
  /** Stable machine-readable code. */
  readonly code: KnxErrorCode;

  /**
   * @param code - stable code, see {@link KnxErrorCode}
   * @param message - human-readable detail for logs
   */
  constructor(code: KnxErrorCode, message: string) {
    super(message);
    this.name = 'KnxError';
    this.code = code;
  }
}

/** True when `error` is a {@link KnxError}, optionally with the given code. */
export function isKnxError(error: unknown, code?: KnxErrorCode): error is KnxError {
  return error instanceof KnxError && (code === undefined || error.code === code);
}
