import { useState, type KeyboardEvent } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatDay, parseDay, type CalendarDay } from './paris-calendar';

interface Props {
  label: string;
  value: CalendarDay;
  onChange: (day: CalendarDay) => void;
}

/** A date typed as DD/MM/YYYY (spec document 2 §2), applied on Enter or when leaving the field. */
export function DayField({ label, value, onChange }: Props) {
  const { t } = useTranslation();
  const shown = formatDay(value);
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  const current = editing ? text : shown;
  const invalid = editing && parseDay(text) === null;

  const apply = () => {
    const day = parseDay(text);
    if (!day) return;
    setEditing(false);
    if (formatDay(day) !== shown) onChange(day);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') apply();
    if (event.key === 'Escape' && editing) {
      event.stopPropagation();
      setEditing(false);
    }
  };

  return (
    <TextField
      size="small"
      label={label}
      value={current}
      placeholder={t('monitoring.graph.datePlaceholder')}
      error={invalid}
      onChange={(e) => {
        setText(e.target.value);
        setEditing(true);
      }}
      onBlur={() => (parseDay(text) ? apply() : undefined)}
      onKeyDown={onKeyDown}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, 'aria-invalid': invalid } }}
      title={invalid ? t('monitoring.graph.invalidDate') : undefined}
      sx={{ width: 132, flex: '0 0 auto' }}
    />
  );
}
