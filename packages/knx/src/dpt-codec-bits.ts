import {
  bit,
  isSet,
  smallCodec,
  toBoolean,
  toInteger,
  toRecord,
  type MainTypeCodec,
} from './dpt-codec-support';

/** DPT 1: one bit, decoded as a boolean. */
export const dpt1: MainTypeCodec = smallCodec(
  1,
  (raw) => raw === 1,
  (value) => bit(toBoolean(value, 'DPT 1 value')),
);

/** DPT 2: control bit (bit 1) and value bit (bit 0), decoded as `ControlValue`. */
export const dpt2: MainTypeCodec = smallCodec(
  2,
  (raw) => ({ control: isSet(raw, 1), value: isSet(raw, 0) }),
  (value) => {
    const record = toRecord(value, '{ control, value }');
    return (bit(toBoolean(record.control, 'control')) << 1) | bit(toBoolean(record.value, 'value'));
  },
);

/** DPT 3: control bit (bit 3) and a 3-bit step code, decoded as `StepValue`. */
export const dpt3: MainTypeCodec = smallCodec(
  4,
  (raw) => ({ control: isSet(raw, 3), stepCode: raw & 0x07 }),
  (value) => {
    const record = toRecord(value, '{ control, stepCode }');
    const control = toBoolean(record.control, 'control');
    return (bit(control) << 3) | toInteger(record.stepCode, 0, 7, 'stepCode');
  },
);

/** DPT 17: scene number 0–63 in the low 6 bits (the two high bits are reserved, ignored). */
export const dpt17: MainTypeCodec = {
  bytes: 1,
  decode: (bytes) => (bytes[0] ?? 0) & 0x3f,
  encode: (value) => Uint8Array.of(toInteger(value, 0, 63, 'DPT 17 scene')),
};

/** DPT 18: learn bit (bit 7) and scene 0–63, decoded as `SceneControlValue`. */
export const dpt18: MainTypeCodec = {
  bytes: 1,
  decode: (bytes) => {
    const raw = bytes[0] ?? 0;
    return { learn: isSet(raw, 7), scene: raw & 0x3f };
  },
  encode: (value) => {
    const record = toRecord(value, '{ learn, scene }');
    const learn = toBoolean(record.learn, 'learn');
    return Uint8Array.of((bit(learn) << 7) | toInteger(record.scene, 0, 63, 'scene'));
  },
};
