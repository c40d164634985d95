import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { DialogHeader } from '../../ui/dialog-header';
import { SubmitButton } from '../../ui/submit-button';

interface Props {
  id: string;
  title: string;
  subtitle?: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of the side panel's forms: title, fields, Cancel and Save. */
export function FormPanel(props: Props) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
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
        title={props.title}
        subtitle={props.subtitle}
        onClose={props.onClose}
      />
      <Divider />
      <Box sx={{ p: 2.5, display: 'grid', gap: 2, overflowY: 'auto' }}>{props.children}</Box>
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
