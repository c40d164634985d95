import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import RefreshIcon from '@mui/icons-material/Refresh';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { notify } from './snackbar';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;

/** Refetches a table, then says `refreshed` for 1 s (spec §8). */
export function RefreshButton({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      await onRefresh();
      notify.success('refreshed');
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('filters.refresh')}>
      <span>
        <IconButton
          onClick={() => void refresh()}
          disabled={busy}
          aria-label={t('filters.refresh')}
        >
          <RefreshIcon sx={busy ? { animation: `${spin} 0.8s linear infinite` } : undefined} />
        </IconButton>
      </span>
    </Tooltip>
  );
}
