import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface Props {
  query: Pick<UseQueryResult, 'isPending' | 'isError'>;
  /** Rows left once filtered. */
  count: number;
  /** Message key shown when there is no row. */
  messageKey: string;
  children: ReactNode;
}

/** A list's loading, failure and empty states around its table. */
export function ListState({ query, count, messageKey, children }: Props) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton variant="rounded" height={180} />;
  if (query.isError) return <Alert severity="error">{t('dataNotLoaded')}</Alert>;
  if (count === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
        <Typography color="text.secondary">{t(messageKey)}</Typography>
      </Paper>
    );
  }
  return children;
}
