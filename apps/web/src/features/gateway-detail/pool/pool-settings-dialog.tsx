import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { DetailDialog } from '../dialogs/detail-dialog';
import { usePoolMutation } from './pool-api';

interface Props {
  mac: string;
  title: string;
  readOnly: boolean;
  /** A field is wrong: Save stays disabled. */
  invalid: boolean;
  /** Sends the dialog's part of the configuration. */
  send: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of the pool's options and temperature control: fields, Cancel, Save (closes). */
export function PoolSettingsDialog(p: Props) {
  const { t } = useTranslation();
  const save = usePoolMutation(p.mac, p.send);
  return (
    <DetailDialog
      title={p.title}
      onClose={p.onClose}
      busy={save.isPending}
      actions={
        p.readOnly ? undefined : (
          <>
            <Button onClick={p.onClose}>{t('dialog.cancel')}</Button>
            <Button
              variant="contained"
              disabled={p.invalid || save.isPending}
              onClick={() => save.mutate(undefined, { onSuccess: p.onClose })}
            >
              {t('dialog.save')}
            </Button>
          </>
        )
      }
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        {p.children}
      </Stack>
    </DetailDialog>
  );
}
