import type { ModbusFunctionCode } from '@atrium/contracts/modbus';

/** The names of the function codes the forms offer (document 3 §3). */
export const FUNCTION_CODE_LABELS: Record<ModbusFunctionCode, { labelKey: string }> = {
  1: { labelKey: 'modbus.functionCodes.1' },
  2: { labelKey: 'modbus.functionCodes.2' },
  3: { labelKey: 'modbus.functionCodes.3' },
  4: { labelKey: 'modbus.functionCodes.4' },
  5: { labelKey: 'modbus.functionCodes.5' },
  6: { labelKey: 'modbus.functionCodes.6' },
};
