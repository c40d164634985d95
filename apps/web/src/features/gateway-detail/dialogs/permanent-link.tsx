import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { copyText } from '../../../lib/clipboard';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { notify } from '../../../ui/snackbar';
import { commandErrorKey } from '../../../lib/api/command-error';
import {
  dashboardTokens,
  permanentTokenQuery,
  type DashboardService,
} from '../api/dashboard-tokens';

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
  const tokenQuery = permanentTokenQuery(service, projectId, mac);
  const query = useQuery(tokenQuery);
  const token = query.data?.token ?? null;
  const settled = {
    onSuccess: async () => {
      notify.success('success');
      await queryClient.invalidateQueries({ queryKey: tokenQuery.queryKey });
    },
    onError: (error: unknown) => notify.error(commandErrorKey(error)),
  };
  const generate = useMutation({
    mutationFn: () => dashboardTokens.generate(service, projectId, mac),
    ...settled,
  });
  const removal = useMutation({
    mutationFn: () => dashboardTokens.remove(service, projectId, mac),
    ...settled,
  });
  const busy = generate.isPending || removal.isPending;

  const remove = async () => {
    const ok = await confirm({
      title: t('gatewayDetail.link.delete'),
      message: t('gatewayDetail.link.deleteConfirm'),
    });
    if (ok) removal.mutate();
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
            onClick={() => generate.mutate()}
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
