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
 * `day` 1–31, `dayOfWeek` 0–7, `hour` 0–24, `minute` and `second` 0–59; then the status
 * flags of octets 2 and 1. Fields a flag marks absent are 0: `month` and `day` under
 * `noDate`, `dayOfWeek` under `noDayOfWeek`, `hour`, `minute`, `second` under `noTime`.
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

/** DPT 6.020 (status with mode): flags A–E and the mode 0–2. */
export interface StatusMode3Value {
  a: boolean;
  b: boolean;
  c: boolean;
  d: boolean;
  e: boolean;
  mode: number;
}

/**
 * DPT 213 (4 × V16 in 0.02 steps), 222.x (3 × DPT 9) and 275.100 (4 × DPT 9) room
 * setpoints: comfort, standby, economy and (213, 275) building protection.
 * 213.101 (domestic hot water) uses {@link DhwSetpointsValue} instead.
 */
export interface SetpointsValue {
  comfort: number;
  standby: number;
  economy: number;
  buildingProtection?: number;
}

/** DPT 213.101: the four domestic hot water setpoints. */
export interface DhwSetpointsValue {
  legioProtect: number;
  normal: number;
  reduced: number;
  frostProtect: number;
}

/** DPT 235.001: active energy in Wh (4-byte signed) and tariff 0–254; null when flagged invalid. */
export interface TariffEnergyValue {
  energy: number | null;
  tariff: number | null;
}

/** CIE xy chromaticity, each coordinate 0–1 (sent in 1/65535 steps). */
export interface XyColour {
  x: number;
  y: number;
}

/** DPT 242.600: colour and brightness 0–255, each null when flagged invalid. */
export interface XyyValue {
  colour: XyColour | null;
  brightness: number | null;
}

/** DPT 243.600: an xyY transition over `fadeTime` seconds (0–6553.5 in 0.1 steps). */
export interface XyyTransitionValue extends XyyValue {
  fadeTime: number;
}

/**
 * DPT 249.600: transition to `colourTemperature` (K, 0–65535) and `brightness` (0–255)
 * over `fadeTime` seconds (0–6553.5 in 0.1 steps); each null when flagged invalid.
 */
export interface ColourTemperatureTransitionValue {
  fadeTime: number | null;
  colourTemperature: number | null;
  brightness: number | null;
}

/** DPT 250.600: relative colour temperature and brightness steps, each null when flagged invalid. */
export interface ColourTemperatureControlValue {
  colourTemperature: StepValue | null;
  brightness: StepValue | null;
}

/** DPT 251.600: red, green, blue and white 0–255, each null when flagged invalid. */
export interface RgbwValue {
  red: number | null;
  green: number | null;
  blue: number | null;
  white: number | null;
}

/** DPT 252.600: relative red, green, blue and white steps, each null when flagged invalid. */
export interface RelativeRgbwValue {
  red: StepValue | null;
  green: StepValue | null;
  blue: StepValue | null;
  white: StepValue | null;
}

/** DPT 253.600: relative saturation, colour and brightness steps, each null when flagged invalid. */
export interface RelativeXyyValue {
  saturation: StepValue | null;
  colour: StepValue | null;
  brightness: StepValue | null;
}

/** DPT 254.600: relative red, green and blue steps (no validity flags). */
export interface RelativeRgbValue {
  red: StepValue;
  green: StepValue;
  blue: StepValue;
}

/**
 * Any decoded value. Per main type:
 * 1 boolean; 2 {@link ControlValue}; 3 {@link StepValue}; 4 one-character string;
 * 5–9, 12–14, 17, 20, 21 number (5.001 in %, 5.003 in °); 10 {@link TimeOfDayValue};
 * 11 {@link DateValue}; 15 {@link AccessValue}; 16 string (≤ 14 characters);
 * 18 {@link SceneControlValue}; 19 {@link DateTimeValue}; 232 {@link RgbValue};
 * 237 {@link DaliGearDiagnosticValue}; 238.600 {@link DaliDiagnosticValue}, other 238 number;
 * 6.020 {@link StatusMode3Value}; 7, 8, 13 scaled numbers (7.003 in ms, 8.010 in %);
 * 22, 29 number; 28 string; 213, 222, 275 {@link SetpointsValue} (213.101
 * {@link DhwSetpointsValue}); 235 {@link TariffEnergyValue}; 242 {@link XyyValue};
 * 243 {@link XyyTransitionValue}; 249 {@link ColourTemperatureTransitionValue};
 * 250 {@link ColourTemperatureControlValue}; 251 {@link RgbwValue};
 * 252 {@link RelativeRgbwValue}; 253 {@link RelativeXyyValue}; 254 {@link RelativeRgbValue}.
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
  | DaliDiagnosticValue
  | StatusMode3Value
  | SetpointsValue
  | DhwSetpointsValue
  | TariffEnergyValue
  | XyyValue
  | XyyTransitionValue
  | ColourTemperatureTransitionValue
  | ColourTemperatureControlValue
  | RgbwValue
  | RelativeRgbwValue
  | RelativeXyyValue
  | RelativeRgbValue;
