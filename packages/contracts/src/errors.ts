/**
 * The error catalogue: every error the server may answer, with its HTTP status and the
 * message key the console shows for it, declared here once (decision 0014).
 *
 * An entry's name is the `code` of the reply, except for the spec's numeric sign-in codes
 * (document 1 §8, Login), whose entries carry their number in `wire`: the spec gives code 2
 * twice, 401 tooManyAttempts and 403 unlockAccount, so a numeric code is read with its status.
 */
interface ErrorEntry {
  /** The HTTP status of every reply with this code. */
  readonly status: number;
  /** The i18n key the console shows (a spec message key where the spec names one). */
  readonly key: string;
  /** The numeric code of the spec's sign-in errors, sent instead of the entry's name. */
  readonly wire?: number;
}

/** One entry whose name is also its message key. */
const own = (status: number) => ({ status });

const catalogue = {
  // generic
  validation: own(400),
  required: own(400),
  noSpecialCharacters: own(400),
  invalidGroupAddress: own(400),
  invalidVersion: { status: 400, key: 'validation' },
  notFound: own(404),
  unauthorized: own(401),
  forbidden: own(403),
  requestTimeout: { status: 408, key: 'error' },
  payloadTooLarge: own(413),
  uriTooLong: { status: 414, key: 'error' },
  headersTooLarge: { status: 431, key: 'error' },
  malformedUpload: { status: 400, key: 'error' },
  unsupportedMediaType: { status: 415, key: 'validation' },
  rateLimited: own(429),
  error: own(500),
  unavailable: { status: 503, key: 'error' },
  // sign-in (document 1 §8, Login)
  invalidIds: { status: 401, wire: 1 },
  tooManyAttempts: { status: 401, wire: 2 },
  unlockAccount: { status: 403, wire: 2 },
  otpRequired: { status: 403, wire: 3, key: 'checkMails' },
  // user service
  alreadyUsedEmail: own(409),
  invalidToken: own(400),
  'otp.invalid': own(400),
  userNotFound: own(404),
  noRank: own(400),
  alreadyusedEmail: own(409),
  invalidEmail: own(400),
  weakPassword: own(400),
  // projects (document 2 §8)
  projectNameAlreadyInUse: own(409),
  invalidName: own(400),
  invalidRename: own(400),
  // gateways (document 1 §8, §5)
  gwNotWaiting: own(404),
  gatewayAlreadyAdded: own(409),
  invalidNameAddGW: own(400),
  invalidMac: own(400),
  invalidSerial: own(400),
  // CSV imports (document 3 §5, §8)
  fileTooLargeMax: own(413),
  emptyFile: own(400),
  invalidFileType: own(400),
  invalidCsv: own(400),
  // licences (document 2 §8)
  serialKeyNotFound: own(404),
  licenceNotFound: own(404),
  licenceAlreadyUsed: own(409),
  // gateway hub: commands, firmware
  gatewayOffline: own(409),
  gatewayTimeout: own(504),
  gatewayRefused: own(422),
  gatewayBusy: own(409),
  firmwareNotFound: own(404),
  firmwareChecksumMismatch: own(422),
  firmwareDownloadFailed: own(422),
  invalidBranch: own(400),
  sameGateway: own(400),
  hubDisabled: own(503),
  // monitoring (document 2 §5, §8)
  malformedAddress: own(400),
  etsFileNotReadable: own(400),
  etsFileNotFound: own(404),
  etsNoAddress: own(400),
  // .knxproj projects (issue 18, decision 0030)
  etsPasswordRequired: own(400),
  etsPasswordWrong: own(400),
  knxprojTooLarge: own(413),
  knxprojUnsafe: own(400),
  addressHasNoDpt: own(400),
  addressAlreadyUsed: own(409),
  maxAddress: own(400),
  gatewayNotInProject: own(409),
  invalidDPT: own(400),
  noData: own(404),
  noAddress: own(400),
  cannotFindAddress: own(404),
  tooManyPoints: own(400),
  invalidRange: own(400),
  fillAtLeastOneField: own(400),
  minThresholdLowerThanMax: own(400),
  nameNotChosen: own(400),
  noAddressSelected: own(400),
  favoriteNotFound: own(404),
  favoriteAlreadyExists: own(409),
  // alerts and notifications (document 2 §5, §8; issue 14)
  thresholdsLimit: own(400),
  invalidForm: own(400),
  mailBody: own(400),
  pushoverFieldEmpty: own(400),
  thresholdsUnsupported: own(409),
  muteNotFound: own(404),
  // remote access (document 1 §8, document 3 §7 "VPN service")
  noActiveVPN: { status: 409, key: 'noActiveVPNConnection' },
  noProxyFile: { status: 404, key: 'noActiveVPNConnection' },
  missingUrl: own(404),
  invalidUrlFormat: own(400),
  vpnDelayNotAllowed: own(400),
  vpnSessionNotFound: own(404),
  etsPortsExhausted: own(503),
  customProxyUnsupported: own(409),
  // Modbus configuration (document 3 §5, §8; issue 15, decision 0019)
  ipAddress: own(400),
  port: own(400),
  scaleFactor: own(400),
  interval: own(400),
  unit: own(400),
  modbusUnsupported: own(409),
  modbusLimit: own(400),
  meterNotFound: own(404),
  valueNotFound: own(404),
  // subscriptions (document 2 §8; issue 17, decision 0026)
  subNotActive: own(409),
  subNotFound: own(404),
  subAlreadyExists: own(409),
  billingSignature: { status: 400, key: 'error' },
  // pool controllers (document 2 §5, §7; issue 19, decision 0031)
  poolUnsupported: own(409),
  poolTypeNotSet: own(409),
  poolTypeMismatch: own(400),
  poolUnknownKey: own(400),
  hysteresis: own(400),
  poolNotAuthenticated: own(409),
  poolInvalidIds: own(422),
  poolVendorUnavailable: own(502),
  poolRateLimited: own(429),
  // dashboards (document 1 §7-8, document 3 §7 "Chart service"; issue 20, decision 0032)
  dashboardNotFound: own(404),
  chartnxLimit: own(409),
  bossnxNotLicensed: own(403),
  dashboardTokenInvalid: own(403),
  dashboardTokenRevoked: own(403),
  dashboardTokenExpired: own(403),
  seriesNotInProject: own(400),
  widgetLayout: own(400),
  widgetId: own(400),
} as const;

/** A code of the catalogue: what the server raises and the console maps to a message. */
export type ErrorCode = keyof typeof catalogue;

/** The catalogue with every entry's message key spelled out. */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorEntry>> = Object.fromEntries(
  Object.entries(catalogue).map(([code, entry]) => [code, { key: code, ...entry }]),
) as Record<ErrorCode, ErrorEntry>;

/** Every code of the catalogue. */
export const ERROR_CODE_LIST = Object.keys(catalogue) as ErrorCode[];

/** Whether a string names an entry of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(catalogue, value);
}

/** The HTTP status of a code. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** What a reply carries as `code`: the entry's name, or the spec's number for sign-in codes. */
export function wireCode(code: ErrorCode): string | number {
  return ERROR_CATALOGUE[code].wire ?? code;
}

/**
 * The catalogue entry of an error reply, from its status and `code`; undefined for a code
 * outside the catalogue or a status that does not match it.
 */
export function errorCodeOfReply(status: number, code: unknown): ErrorCode | undefined {
  if (typeof code === 'number') {
    return ERROR_CODE_LIST.find(
      (c) => ERROR_CATALOGUE[c].wire === code && ERROR_CATALOGUE[c].status === status,
    );
  }
  return isErrorCode(code) && ERROR_CATALOGUE[code].wire === undefined ? code : undefined;
}

/** Shape of every error reply. */
export interface ErrorReply {
  statusCode: number;
  code: string | number;
  message: string;
  _id?: string;
  details?: unknown;
}
