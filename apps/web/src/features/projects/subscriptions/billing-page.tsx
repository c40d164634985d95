import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api/error-key';
import { formatDateTime } from '../../../lib/dates';
import { PageHeader } from '../../../ui/page-header';
import { subscriptionsQuery } from '../api/subscriptions-api';
import { StatusChip } from './subscriptions-dialog';

/**
 * /billing: the team's own billing page, the portal of manual billing (decision 0026): its
 * subscriptions and their status; an administrator records what the seller invoices.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const list = useQuery(subscriptionsQuery());
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <PageHeader title={t('subscriptions.billingTitle')} back />
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {t('subscriptions.billingManual')}
      </Typography>
      {list.isPending && <CircularProgress size={24} />}
      {list.isError && <Alert severity="error">{t(errorMessageKey(list.error))}</Alert>}
      {list.isSuccess && list.data.length === 0 && (
        <Typography color="text.secondary">{t('subscriptions.empty')}</Typography>
      )}
      {list.isSuccess && list.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('subscriptions.listTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('subscriptions.columns.name')}</TableCell>
                <TableCell>{t('subscriptions.columns.plan')}</TableCell>
                <TableCell>{t('subscriptions.columns.project')}</TableCell>
                <TableCell>{t('subscriptions.columns.status')}</TableCell>
                <TableCell>{t('subscriptions.columns.until')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((s) => (
                <TableRow key={s._id}>
                  <TableCell>{s.nickname}</TableCell>
                  <TableCell>{t(`subscriptions.plans.${s.plan.name}`)}</TableCell>
                  <TableCell>{s.project?.name ?? t('subscriptions.noProject')}</TableCell>
                  <TableCell>
                    <StatusChip status={s.status} />
                  </TableCell>
                  <TableCell>{s.until ? formatDateTime(s.until) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
