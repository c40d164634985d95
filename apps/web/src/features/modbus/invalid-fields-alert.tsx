import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { invalidAlertDuration } from './form-rules';

interface Props {
  /** Translated names of the incorrect fields. */
  fields: readonly string[];
  onClose: () => void;
}

/**
 * The invalid-form alert (document 3 §4, §5): lists the incorrect fields and closes by
 * itself after 3 s plus 1 s per field. Render it with a new `key` for each refused save.
 */
export function InvalidFieldsAlert({ fields, onClose }: Props) {
  const { t } = useTranslation();
  const count = fields.length;
  useEffect(() => {
    const timer = setTimeout(onClose, invalidAlertDuration(count));
    return () => clearTimeout(timer);
  }, [count, onClose]);
  return (
    <Alert severity="error" onClose={onClose} sx={{ mb: 2 }}>
      <AlertTitle>{t('modbus.invalidFields')}</AlertTitle>
      {fields.join(', ')}
    </Alert>
  );
}
