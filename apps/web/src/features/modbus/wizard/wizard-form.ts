import {
  MODBUS_LIMITS,
  MODBUS_TYPE_WORDS,
  modbusWizardBody,
  type ModbusConfiguration,
  type ModbusDataType,
  type ModbusFunctionCode,
  type ModbusWizardConfiguration,
} from '@atrium/contracts/modbus';
import { DUPLICATE_SUFFIX, readDecimal, readInteger, writeDecimal } from '../form-rules';
import { NEW_VALUE_READ } from '../value-form';

/** One value row of a wizard card, as typed. `key` names it on screen and in errors. */
export interface WizardValue {
  key: string;
  id?: string;
  name: string;
  unit: string;
  registerAddress: string;
  wordLength: string;
  functionCode: ModbusFunctionCode;
  unitID: string;
  scaleFactor: string;
  dataType: ModbusDataType;
  swapBytes: boolean;
  swapWords: boolean;
}

/** One card of the wizard: a meter of the gateway and its values (document 3 §2, §3). */
export interface WizardCard {
  key: string;
  id?: string;
  name: string;
  ip: string;
  port: string;
  interval: string;
  enabled: boolean;
  values: WizardValue[];
}

let lastKey = 0;
const nextKey = () => `k${++lastKey}`;

export const newValue = (): WizardValue => ({
  key: nextKey(),
  name: '',
  unit: '',
  ...NEW_VALUE_READ,
});

export const newCard = (): WizardCard => ({
  key: nextKey(),
  name: '',
  ip: '',
  port: '502',
  interval: String(MODBUS_LIMITS.defaultIntervalSeconds),
  enabled: true,
  values: [newValue()],
});

/** The gateway's saved configurations as cards, numbers written in the console's language. */
export function cardsOf(list: readonly ModbusConfiguration[], locale: string): WizardCard[] {
  return list.map((c) => ({
    key: nextKey(),
    id: c.id,
    name: c.name,
    ip: c.network.ip,
    port: String(c.network.port),
    interval: String(c.interval),
    enabled: c.enabled,
    values: c.values.map((v) => ({
      key: nextKey(),
      id: v.id,
      name: v.name,
      unit: v.unit,
      registerAddress: String(v.registerAddress),
      wordLength: String(v.wordLength),
      functionCode: v.functionCode,
      unitID: String(v.unitID),
      scaleFactor: writeDecimal(v.scaleFactor, locale),
      dataType: v.dataType,
      swapBytes: v.swapBytes,
      swapWords: v.swapWords,
    })),
  }));
}

/** A copy without ids (a new meter and new values), named ' -- COPY' (document 3 §4). */
export const duplicateCard = (card: WizardCard): WizardCard => ({
  ...card,
  key: nextKey(),
  id: undefined,
  name: `${card.name}${DUPLICATE_SUFFIX}`,
  values: card.values.map((v) => ({ ...v, key: nextKey(), id: undefined })),
});

/** A new data type brings its word count (STRING keeps the one typed). */
export const withWizardType = (value: WizardValue, dataType: ModbusDataType): WizardValue => ({
  ...value,
  dataType,
  wordLength: dataType === 'STRING' ? value.wordLength : String(MODBUS_TYPE_WORDS[dataType]),
});

/** The read spec of a row (also what its live test reads). */
export const wizardReadSpec = (v: WizardValue) => ({
  registerAddress: readInteger(v.registerAddress),
  wordLength: readInteger(v.wordLength),
  functionCode: v.functionCode,
  unitID: readInteger(v.unitID),
  scaleFactor: readDecimal(v.scaleFactor),
  dataType: v.dataType,
  swapBytes: v.swapBytes,
  swapWords: v.swapWords,
});

const bodyOf = (cards: readonly WizardCard[]) =>
  cards.map((c) => ({
    ...(c.id ? { id: c.id } : {}),
    name: c.name,
    network: { ip: c.ip, port: readInteger(c.port) },
    enabled: c.enabled,
    interval: readInteger(c.interval),
    values: c.values.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      name: v.name,
      unit: v.unit,
      ...wizardReadSpec(v),
    })),
  }));

/** Field paths of the cards: `{card}.{field}` and `{card}.{value}.{field}`. */
export type WizardErrors = ReadonlySet<string>;

const CARD_FIELDS: Record<string, string> = { 'network.ip': 'ip', 'network.port': 'port' };

/** POST /api/gateway/monitored/modbus/{mac}, or the paths of the wrong fields. */
export function parseWizard(
  cards: readonly WizardCard[],
): { body: ModbusWizardConfiguration[]; errors: null } | { body: null; errors: WizardErrors } {
  const parsed = modbusWizardBody.safeParse(bodyOf(cards));
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors = new Set<string>();
  for (const { path } of parsed.error.issues) {
    const card = cards[Number(path[0])];
    if (!card) continue;
    if (path[1] === 'values') {
      const value = card.values[Number(path[2])];
      if (value) errors.add(`${card.key}.${value.key}.${String(path[3])}`);
    } else {
      const field = path.slice(1).map(String).join('.');
      errors.add(`${card.key}.${CARD_FIELDS[field] ?? field}`);
    }
  }
  return { body: null, errors };
}
