import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useTranslation } from 'react-i18next';
import {
  SHARE_BUCKETS,
  type DashboardType,
  type ShareBucket,
  type ShareItem,
} from '@atrium/contracts/dashboards';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/dates';
import { DialogHeader } from '../../ui/dialog-header';
import { notify } from '../../ui/snackbar';
import { dashboardsApi } from '../../lib/api/dashboards-api';

interface Props {
  type: DashboardType;
  projectId: string;
  dashboardId: string;
  shares: readonly ShareItem[];
  /** Query keys refreshed after a link is made or revoked. */
  invalidate: readonly (readonly unknown[])[];
  onClose: () => void;
}

/** Share links of a dashboard: make one (lifetime), copy it once, revoke the live ones. */
export function ShareDialog({ type, projectId, dashboardId, shares, invalidate, onClose }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [bucket, setBucket] = useState<ShareBucket>('never');
  const [made, setMade] = useState<string | null>(null);
  const refresh = () =>
    Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
  const create = useMutation({
    mutationFn: () => dashboardsApi.share(type, projectId, dashboardId, bucket),
    onSuccess: async (reply) => {
      setMade(new URL(reply.url, window.location.origin).toString());
      await refresh();
    },
    onError: (e) => notify.apiError(e),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => dashboardsApi.revoke(id),
    onSuccess: async () => {
      notify.success('dashboards.share.revoked');
      await refresh();
    },
    onError: (e) => notify.apiError(e),
  });
  const copy = async (text: string) => {
    if (await copyText(text)) notify.success('dashboards.share.copied');
    else notify.error();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-dialog-title">
      <DialogHeader id="share-dialog-title" title={t('dashboards.share.title')} onClose={onClose} />
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('dashboards.share.hint')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            label={t('dashboards.share.lifetime')}
            value={bucket}
            onChange={(e) => setBucket(e.target.value as ShareBucket)}
            sx={{ minWidth: 200 }}
          >
            {SHARE_BUCKETS.map((b) => (
              <MenuItem key={b} value={b}>
                {t(`dashboards.share.buckets.${b}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => create.mutate()} loading={create.isPending}>
            {t('dashboards.share.create')}
          </Button>
        </Stack>
        {made && (
          <Alert
            severity="success"
            sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0 } }}
            action={
              <Tooltip title={t('dashboards.share.copy')}>
                <IconButton aria-label={t('dashboards.share.copy')} onClick={() => void copy(made)}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            <Typography variant="body2">{t('dashboards.share.once')}</Typography>
            <Typography
              variant="body2"
              data-testid="share-url"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            >
              {made}
            </Typography>
          </Alert>
        )}
        <Typography variant="subtitle2">{t('dashboards.share.live')}</Typography>
        {shares.length === 0 ? (
          <Typography color="text.secondary">{t('dashboards.share.none')}</Typography>
        ) : (
          <List dense>
            {shares.map((s) => (
              <ListItem
                key={s._id}
                secondaryAction={
                  <Tooltip title={t('dashboards.share.revoke')}>
                    <IconButton
                      edge="end"
                      aria-label={t('dashboards.share.revoke')}
                      onClick={() => revoke.mutate(s._id)}
                      disabled={revoke.isPending}
                    >
                      <LinkOffIcon />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemText
                  primary={t('dashboards.share.created', {
                    date: formatDateTime(s.createdAt),
                    by: s.createdBy ?? '–',
                  })}
                  secondary={
                    s.expiresAt === null
                      ? t('dashboards.share.noExpiry')
                      : t('dashboards.share.expires', { date: formatDateTime(s.expiresAt) })
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
