import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { useTranslation } from 'react-i18next';
import { MODBUS_DATA_TYPES, MODBUS_NAME_MAX, MODBUS_UNIT_MAX } from '@atrium/contracts/modbus';
import { readInteger } from '../form-rules';
import { LiveTestButton } from '../live-test/live-test-button';
import { DataTypeSelect, FunctionCodeSelect, SwapCheckboxes } from '../read-fields';
import { VALUE_FIELD_LABELS } from '../value-form';
import { withWizardType, wizardReadSpec, type WizardCard, type WizardValue } from './wizard-form';
import type { WizardCards } from './use-wizard-cards';

interface Props {
  card: WizardCard;
  value: WizardValue;
  mac: string;
  editor: WizardCards;
  readOnly: boolean;
}

type TextKey = 'name' | 'unit' | 'registerAddress' | 'wordLength' | 'unitID' | 'scaleFactor';

/** One value of a wizard card: what is read, how it decodes, its live test (document 3 §3). */
export function WizardValueRow({ card, value, mac, editor, readOnly }: Props) {
  const { t } = useTranslation();
  const path = (field: string) => `${card.key}.${value.key}.${field}`;
  const set = (change: Partial<WizardValue>) =>
    editor.updateValue(card.key, { ...value, ...change });
  const field = (name: TextKey, maxLength = 6) => ({
    size: 'small' as const,
    label: t(VALUE_FIELD_LABELS[name].labelKey),
    value: value[name],
    required: name !== 'unit',
    disabled: readOnly,
    error: editor.shows(path(name)),
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
    onBlur: () => editor.touch(path(name)),
    slotProps: { htmlInput: { maxLength } },
  });
  const label = value.name || t('modbus.wizard.values');

  return (
    <Box
      data-testid="wizard-value"
      sx={{
        display: 'grid',
        gap: 1.5,
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        // As many columns of at least 150 px as fit; name and function code take two.
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
      }}
    >
      <TextField {...field('name', MODBUS_NAME_MAX)} sx={{ gridColumn: 'span 2' }} />
      <TextField {...field('unit', MODBUS_UNIT_MAX)} />
      <TextField {...field('registerAddress')} />
      <TextField {...field('wordLength', 3)} />
      <TextField {...field('unitID', 3)} />
      <FunctionCodeSelect
        size="small"
        label={t(VALUE_FIELD_LABELS.functionCode.labelKey)}
        value={value.functionCode}
        disabled={readOnly}
        sx={{ gridColumn: 'span 2' }}
        onPick={(code) => set({ functionCode: code })}
      />
      <TextField {...field('scaleFactor', 24)} />
      <DataTypeSelect
        size="small"
        label={t(VALUE_FIELD_LABELS.dataType.labelKey)}
        types={MODBUS_DATA_TYPES}
        value={value.dataType}
        disabled={readOnly}
        onPick={(type) => editor.updateValue(card.key, withWizardType(value, type))}
      />
      <Box
        sx={{
          gridColumn: '1 / -1',
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          columnGap: 1,
        }}
      >
        <SwapCheckboxes
          size="small"
          swapBytes={value.swapBytes}
          swapWords={value.swapWords}
          disabled={readOnly}
          onChange={set}
        />
        {!readOnly && (
          <Box sx={{ ml: 'auto', display: 'flex' }}>
            <LiveTestButton
              compact
              mac={mac}
              read={{ ip: card.ip, port: readInteger(card.port), ...wizardReadSpec(value) }}
              name={value.name}
              unit={value.unit}
            />
            <Tooltip title={t('modbus.wizard.removeValue')}>
              <IconButton
                size="small"
                aria-label={`${t('modbus.wizard.removeValue')} ${label}`}
                onClick={() => editor.removeValue(card.key, value.key)}
              >
                <RemoveIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      </Box>
    </Box>
  );
}
