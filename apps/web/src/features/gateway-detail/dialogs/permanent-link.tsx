import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddLinkIcon from '@mui/icons-material/AddLink';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { copyText } from '../../../lib/clipboard';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { notify } from '../../../ui/snackbar';
import { commandErrorKey } from '../api/command-error';
import { dashboardTokens, type DashboardService } from '../api/dashboard-tokens';

interface Props {
  service: DashboardService;
  projectId: string;
  mac: string;
  readOnly: boolean;
  /** The dashboard address carrying a token. */
  urlOf: (token: string) => string;
}

/** The permanent link: get, copy and delete it, or generate one (spec §2). */
export function PermanentLink({ service, projectId, mac, readOnly, urlOf }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = [...QUERY_KEYS.gateways, 'permaToken', service, mac];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dashboardTokens.permanent(service, projectId, mac, signal),
  });
  const token = query.data?.token ?? null;

  const change = async (run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
      notify.success('success');
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      notify.error(commandErrorKey(error));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    const ok = await confirm({
      title: t('gatewayDetail.link.delete'),
      message: t('gatewayDetail.link.deleteConfirm'),
    });
    if (ok) await change(() => dashboardTokens.remove(service, projectId, mac));
  };
  const copy = async (url: string) => {
    if (await copyText(url)) notify.success('addressCopied');
    else notify.error();
  };

  if (query.isPending) return <Skeleton variant="rounded" height={56} />;
  if (query.isError) return <Typography color="error">{t('dataNotLoaded')}</Typography>;
  if (!token) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 180 }}>
          {t('gatewayDetail.link.none')}
        </Typography>
        {!readOnly && (
          <Button
            variant="outlined"
            startIcon={<AddLinkIcon />}
            disabled={busy}
            onClick={() => void change(() => dashboardTokens.generate(service, projectId, mac))}
          >
            {t('gatewayDetail.link.generate')}
          </Button>
        )}
      </Box>
    );
  }
  const url = urlOf(token);
  return (
    <TextField
      label={t('gatewayDetail.link.permanent')}
      value={url}
      slotProps={{
        input: {
          readOnly: true,
          sx: { fontFamily: 'monospace', fontSize: 13 },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('gatewayDetail.link.copy')}>
                <IconButton
                  aria-label={t('gatewayDetail.link.copy')}
                  onClick={() => void copy(url)}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {!readOnly && (
                <Tooltip title={t('gatewayDetail.link.delete')}>
                  <IconButton
                    aria-label={t('gatewayDetail.link.delete')}
                    disabled={busy}
                    onClick={() => void remove()}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
