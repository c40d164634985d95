/**
 * The error catalogue: every `code` the server may put in an error reply.
 * Numeric codes are the spec's sign-in codes (document 1 §8); strings are the
 * spec's message keys, so the console can translate `code` directly.
 */
export const ERROR_CODES = {
  // generic
  validation: 'validation',
  notFound: 'notFound',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  payloadTooLarge: 'payloadTooLarge',
  rateLimited: 'rateLimited',
  internal: 'error',
  // user service
  alreadyUsedEmail: 'alreadyUsedEmail',
  invalidToken: 'invalidToken',
  otpInvalid: 'otp.invalid',
  userNotFound: 'userNotFound',
  noRank: 'noRank',
  alreadyusedEmail: 'alreadyusedEmail',
  invalidEmail: 'invalidEmail',
  weakPassword: 'weakPassword',
  // projects (document 2 §8)
  projectNameAlreadyInUse: 'projectNameAlreadyInUse',
  invalidName: 'invalidName',
  invalidRename: 'invalidRename',
  // gateways (document 1 §8, §5)
  gwNotWaiting: 'gwNotWaiting',
  gatewayAlreadyAdded: 'gatewayAlreadyAdded',
  invalidNameAddGW: 'invalidNameAddGW',
  invalidMac: 'invalidMac',
  invalidSerial: 'invalidSerial',
  // CSV imports (document 3 §5, §8)
  fileTooLargeMax: 'fileTooLargeMax',
  emptyFile: 'emptyFile',
  invalidFileType: 'invalidFileType',
  invalidCsv: 'invalidCsv',
  // licences (document 2 §8)
  serialKeyNotFound: 'serialKeyNotFound',
  licenceNotFound: 'licenceNotFound',
  licenceAlreadyUsed: 'licenceAlreadyUsed',
  // gateway hub (issue 5): commands, firmware
  gatewayOffline: 'gatewayOffline',
  gatewayTimeout: 'gatewayTimeout',
  gatewayRefused: 'gatewayRefused',
  gatewayBusy: 'gatewayBusy',
  firmwareNotFound: 'firmwareNotFound',
  firmwareChecksumMismatch: 'firmwareChecksumMismatch',
  firmwareDownloadFailed: 'firmwareDownloadFailed',
  invalidBranch: 'invalidBranch',
  sameGateway: 'sameGateway',
  hubDisabled: 'hubDisabled',
  // monitoring (document 2 §5, §8; issue 4)
  malformedAddress: 'malformedAddress',
  etsFileNotReadable: 'etsFileNotReadable',
  etsFileNotFound: 'etsFileNotFound',
  etsNoAddress: 'etsNoAddress',
  addressHasNoDpt: 'addressHasNoDpt',
  addressAlreadyUsed: 'addressAlreadyUsed',
  maxAddress: 'maxAddress',
  gatewayNotInProject: 'gatewayNotInProject',
  invalidDPT: 'invalidDPT',
  noData: 'noData',
  noAddress: 'noAddress',
  cannotFindAddress: 'cannotFindAddress',
  tooManyPoints: 'tooManyPoints',
  invalidRange: 'invalidRange',
  fillAtLeastOneField: 'fillAtLeastOneField',
  minThresholdLowerThanMax: 'minThresholdLowerThanMax',
  nameNotChosen: 'nameNotChosen',
  noAddressSelected: 'noAddressSelected',
  favoriteNotFound: 'favoriteNotFound',
  favoriteAlreadyExists: 'favoriteAlreadyExists',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Sign-in codes (document 1 §8, Login). */
export const SIGNIN_CODES = {
  /** 401: wrong e-mail or password. */
  invalidIds: 1,
  /** 401: too many failed attempts in a short time; wait before retrying. */
  tooManyAttempts: 2,
  /** 403: account locked; an unlock mail was sent. */
  accountLocked: 2,
  /** 403: a one-time code was mailed; body carries the user id as `_id`. */
  otpRequired: 3,
} as const;

/** Shape of every error reply. */
export interface ErrorReply {
  statusCode: number;
  code: string | number;
  message: string;
  _id?: string;
  details?: unknown;
}
