import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CloudIcon from '@mui/icons-material/CloudOutlined';
import { useTranslation } from 'react-i18next';

/** A warning that the call needs an open remote connection, with a button to open one. */
export function NeedsRemoteAlert({
  onNeedsRemote,
  children,
}: {
  onNeedsRemote: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" startIcon={<CloudIcon />} onClick={onNeedsRemote}>
          {t('gatewayDetail.remote.openFirst')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
