import {
  MODBUS_TYPE_WORDS,
  modbusValueBody,
  type ModbusDataType,
  type ModbusFunctionCode,
  type ModbusValue,
  type ModbusValueBody,
} from '@atrium/contracts/modbus';
import {
  DUPLICATE_SUFFIX,
  fieldErrorsOf,
  readDecimal,
  readInteger,
  writeDecimal,
  type FormMode,
} from './form-rules';

/** The configuration (value) form as typed (document 3 §3): numbers stay text until saved. */
export interface ValueForm {
  id?: string;
  name: string;
  meterId: string;
  registerAddress: string;
  wordLength: string;
  functionCode: ModbusFunctionCode | '';
  unitID: string;
  scaleFactor: string;
  dataType: ModbusDataType | '';
  swapBytes: boolean;
  swapWords: boolean;
  unit: string;
}

export const VALUE_FIELDS = [
  'name',
  'meterId',
  'registerAddress',
  'wordLength',
  'functionCode',
  'unitID',
  'scaleFactor',
  'dataType',
  'unit',
] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

export const VALUE_FIELD_LABELS: Record<ValueField, { labelKey: string }> = {
  name: { labelKey: 'modbus.value.name' },
  meterId: { labelKey: 'modbus.value.meter' },
  registerAddress: { labelKey: 'modbus.value.registerAddress' },
  wordLength: { labelKey: 'modbus.value.wordLength' },
  functionCode: { labelKey: 'modbus.value.functionCode' },
  unitID: { labelKey: 'modbus.value.unitID' },
  scaleFactor: { labelKey: 'modbus.value.scaleFactor' },
  dataType: { labelKey: 'modbus.value.dataType' },
  unit: { labelKey: 'modbus.value.unit' },
};

const MESSAGES: Record<ValueField, string> = {
  name: 'requiredField',
  meterId: 'modbus.errors.meter',
  registerAddress: 'modbus.errors.registerAddress',
  wordLength: 'modbus.errors.wordLength',
  functionCode: 'modbus.errors.functionCode',
  unitID: 'modbus.errors.unitID',
  scaleFactor: 'modbus.errors.scaleFactor',
  dataType: 'modbus.errors.dataType',
  unit: 'modbus.errors.unit',
};

const PATH_FIELDS: Record<string, ValueField> = {
  name: 'name',
  meterId: 'meterId',
  unit: 'unit',
  ...Object.fromEntries(
    VALUE_FIELDS.filter((f) => !['name', 'meterId', 'unit'].includes(f)).map((f) => [
      `options.${f}`,
      f,
    ]),
  ),
};

/** How a new value reads until changed, in the form and the wizard (document 3 §3). */
export const NEW_VALUE_READ = {
  registerAddress: '0',
  wordLength: '1',
  functionCode: 3,
  unitID: '1',
  // Document 3 §3: the scale factor defaults to 1.
  scaleFactor: '1',
  dataType: 'UINT16',
  swapBytes: false,
  swapWords: false,
} as const satisfies Partial<ValueForm>;

export const emptyValueForm = (meterId = ''): ValueForm => ({
  name: '',
  meterId,
  ...NEW_VALUE_READ,
  unit: '',
});

/** Edit prefills; duplicate drops the id and appends ' -- COPY' (document 3 §4). */
export function valueFormOf(
  value: ModbusValue,
  mode: Exclude<FormMode, 'create'>,
  locale: string,
): ValueForm {
  const o = value.options;
  return {
    ...(mode === 'edit' ? { id: value.id } : {}),
    name: mode === 'duplicate' ? `${value.name}${DUPLICATE_SUFFIX}` : value.name,
    meterId: value.meterId,
    registerAddress: String(o.registerAddress),
    wordLength: String(o.wordLength),
    functionCode: o.functionCode,
    unitID: String(o.unitID),
    scaleFactor: writeDecimal(o.scaleFactor, locale),
    dataType: o.dataType,
    swapBytes: o.swapBytes,
    swapWords: o.swapWords,
    unit: value.unit,
  };
}

/** A new data type brings its word count (STRING keeps the one typed). */
export function withDataType(form: ValueForm, dataType: ModbusDataType): ValueForm {
  const words = dataType === 'STRING' ? null : MODBUS_TYPE_WORDS[dataType];
  return { ...form, dataType, wordLength: words === null ? form.wordLength : String(words) };
}

/** The read spec of the form (also what the live test reads). */
export function readSpecOf(form: ValueForm) {
  return {
    registerAddress: readInteger(form.registerAddress),
    wordLength: readInteger(form.wordLength),
    functionCode: form.functionCode,
    unitID: readInteger(form.unitID),
    scaleFactor: readDecimal(form.scaleFactor),
    dataType: form.dataType,
    swapBytes: form.swapBytes,
    swapWords: form.swapWords,
  };
}

/** POST/PUT /api/project/modbus/value, or null with the field errors. */
export function parseValueForm(
  form: ValueForm,
):
  | { body: ModbusValueBody; errors: null }
  | { body: null; errors: Partial<Record<ValueField, string>> } {
  const parsed = modbusValueBody.safeParse({
    ...(form.id ? { id: form.id } : {}),
    name: form.name,
    meterId: form.meterId,
    unit: form.unit,
    options: readSpecOf(form),
  });
  if (parsed.success) return { body: parsed.data, errors: null };
  return { body: null, errors: fieldErrorsOf(parsed.error.issues, PATH_FIELDS, MESSAGES) };
}
