import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { DialogHeader } from '../../ui/dialog-header';
import { SubmitButton } from '../../ui/submit-button';
import type { FormMode } from './form-rules';
import { InvalidFieldsAlert } from './invalid-fields-alert';

interface Props {
  id: string;
  mode: FormMode;
  titles: Readonly<Record<FormMode, { titleKey: string }>>;
  /** The name the form opened with, shown under the title of an edit or a duplicate. */
  name: string;
  pending: boolean;
  /** Saves, or returns the translated names of the incorrect fields (none when it saved). */
  onSubmit: () => readonly string[];
  onClose: () => void;
  children: ReactNode;
}

/** The frame of the side panel's forms: title, invalid-fields alert, fields, Cancel and Save. */
export function FormPanel(props: Props) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<{ id: number; fields: readonly string[] } | null>(null);
  const closeAlert = useCallback(() => setAlert(null), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = props.onSubmit();
    if (fields.length > 0) setAlert({ id: (alert?.id ?? 0) + 1, fields });
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={props.id}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <DialogHeader
        id={props.id}
        title={t(props.titles[props.mode].titleKey)}
        subtitle={props.mode === 'create' ? undefined : props.name}
        onClose={props.onClose}
      />
      <Divider />
      <Box sx={{ p: 2.5, display: 'grid', gap: 2, overflowY: 'auto' }}>
        {alert && <InvalidFieldsAlert key={alert.id} fields={alert.fields} onClose={closeAlert} />}
        {props.children}
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', gap: 1, p: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={props.onClose} disabled={props.pending}>
          {t('dialog.cancel')}
        </Button>
        <SubmitButton size="medium" pending={props.pending}>
          {t('dialog.save')}
        </SubmitButton>
      </Box>
    </Box>
  );
}
