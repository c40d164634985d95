/** DPT 2 (1-bit controlled): `control` is the priority bit, `value` the switched bit. */
export interface ControlValue {
  control: boolean;
  value: boolean;
}

/**
 * DPT 3 (3-bit controlled, e.g. 3.007 dimming): `control` true means increase
 * (dimming) or down (blinds); `stepCode` 0 means stop, 1–7 the step size.
 */
export interface StepValue {
  control: boolean;
  stepCode: number;
}

/** DPT 10 (time of day): `dayOfWeek` 0 = no day, 1 = Monday … 7 = Sunday. */
export interface TimeOfDayValue {
  dayOfWeek: number;
  hour: number;
  minute: number;
  second: number;
}

/** DPT 11 (date): `year` 1990–2089, `month` 1–12, `day` 1–31. */
export interface DateValue {
  year: number;
  month: number;
  day: number;
}

/**
 * DPT 15 (entrance access): a 6-digit `code` (0–999999, sent as BCD), four flags and
 * the `index` (0–15) of the access identification.
 */
export interface AccessValue {
  code: number;
  error: boolean;
  permission: boolean;
  readDirection: boolean;
  encrypted: boolean;
  index: number;
}

/** DPT 18 (scene control): `learn` true stores the scene, false activates it; `scene` 0–63. */
export interface SceneControlValue {
  learn: boolean;
  scene: number;
}

/**
 * DPT 19 (date time), field by field as on the bus: `year` 1900–2155, `month` 1–12,
 * `day` 1–31 (0 allowed for both when `noDate`), `dayOfWeek` 0–7, `hour` 0–24,
 * `minute` and `second` 0–59; then the status flags of octets 2 and 1.
 */
export interface DateTimeValue {
  year: number;
  month: number;
  day: number;
  dayOfWeek: number;
  hour: number;
  minute: number;
  second: number;
  fault: boolean;
  workingDay: boolean;
  noWorkingDay: boolean;
  noYear: boolean;
  noDate: boolean;
  noDayOfWeek: boolean;
  noTime: boolean;
  summerTime: boolean;
  externalSync: boolean;
  reliableSource: boolean;
}

/** DPT 232.600: red, green and blue, each 0–255. */
export interface RgbValue {
  red: number;
  green: number;
  blue: number;
}

/** DPT 237.600 (DALI control gear diagnostic): three failure flags, two address flags, `address` 0–63. */
export interface DaliGearDiagnosticValue {
  convertorError: boolean;
  ballastFailure: boolean;
  lampFailure: boolean;
  readResponse: boolean;
  addressIndicator: boolean;
  address: number;
}

/** DPT 238.600 (DALI diagnostics): two failure flags and the DALI `address` 0–63. */
export interface DaliDiagnosticValue {
  ballastFailure: boolean;
  lampFailure: boolean;
  address: number;
}

/**
 * Any decoded value. Per main type:
 * 1 boolean; 2 {@link ControlValue}; 3 {@link StepValue}; 4 one-character string;
 * 5–9, 12–14, 17, 20, 21 number (5.001 in %, 5.003 in °); 10 {@link TimeOfDayValue};
 * 11 {@link DateValue}; 15 {@link AccessValue}; 16 string (≤ 14 characters);
 * 18 {@link SceneControlValue}; 19 {@link DateTimeValue}; 232 {@link RgbValue};
 * 237 {@link DaliGearDiagnosticValue}; 238.600 {@link DaliDiagnosticValue}, other 238 number.
 */
export type DptValue =
  | boolean
  | number
  | string
  | ControlValue
  | StepValue
  | TimeOfDayValue
  | DateValue
  | AccessValue
  | SceneControlValue
  | DateTimeValue
  | RgbValue
  | DaliGearDiagnosticValue
  | DaliDiagnosticValue;
