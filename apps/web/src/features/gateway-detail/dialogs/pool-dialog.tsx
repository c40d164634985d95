import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { POOL_TYPES, type GatewayItem } from '@atrium/contracts/gateway';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { notify } from '../../../ui/snackbar';
import { gatewayCommands } from '../api/gateway-commands';
import { useGatewayCommand } from '../api/use-gateway-command';
import { DETAIL_LIMITS } from '../model/constants';
import { PoolPanel } from '../pool/pool-panel';
import { DetailDialog } from './detail-dialog';
import { LegacyPoolLinks } from './legacy-pool-links';

type PoolType = (typeof POOL_TYPES)[number];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Props {
  gateway: Pick<GatewayItem, 'mac' | 'pooltype'>;
  queryId: string;
  legacy: boolean;
  readOnly: boolean;
  onClose: () => void;
  /** Generate link and go to app need a live remote connection. */
  onNeedsRemote: () => void;
}

/** The pool dialog: pool type change (spec §4), then the legacy or the current body. */
export function PoolDialog({ gateway, queryId, legacy, readOnly, onClose, onNeedsRemote }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const typeChange = useGatewayCommand(
    (type: PoolType) => gatewayCommands.poolType(gateway.mac, type),
    async () => {
      // The controller restarts on its new type: wait, then read the gateway again.
      await wait(DETAIL_LIMITS.poolTypeChangeMs);
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.gateway(queryId) });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.gatewayDetails(queryId) });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.pool(gateway.mac) });
      notify.success('success');
    },
  );
  const changing = typeChange.isPending;

  const change = async (type: PoolType) => {
    if (type === gateway.pooltype) return;
    if (await confirm({ title: t('gatewayDetail.pool.type'), message: t('modifyPooltype') })) {
      typeChange.mutate(type);
    }
  };

  return (
    <DetailDialog
      title={
        legacy
          ? t('gatewayDetail.pool.legacyTitle')
          : gateway.pooltype === 'poolcop'
            ? t('pool.dialogTitle', { product: t('gatewayDetail.pool.poolcop') })
            : gateway.pooltype === 'klereo'
              ? t('pool.dialogTitle', { product: t('gatewayDetail.pool.klereo') })
              : t('gatewayDetail.actions.pool')
      }
      onClose={onClose}
      busy={changing}
      width={legacy ? undefined : 720}
    >
      <TextField
        select
        label={t('gatewayDetail.pool.type')}
        value={gateway.pooltype ?? ''}
        disabled={readOnly || changing}
        onChange={(e) => void change(e.target.value === 'poolcop' ? 'poolcop' : 'klereo')}
        sx={{ mt: 1 }}
      >
        <MenuItem value="klereo">{t('gatewayDetail.pool.klereo')}</MenuItem>
        <MenuItem value="poolcop">{t('gatewayDetail.pool.poolcop')}</MenuItem>
      </TextField>
      {changing && (
        <Box sx={{ mt: 2 }} role="status">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('gatewayDetail.pool.changing')}
          </Typography>
          <LinearProgress aria-label={t('gatewayDetail.pool.changing')} />
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        {legacy ? (
          <LegacyPoolLinks mac={gateway.mac} readOnly={readOnly} onNeedsRemote={onNeedsRemote} />
        ) : (
          <PoolPanel key={gateway.pooltype ?? 'none'} mac={gateway.mac} readOnly={readOnly} />
        )}
      </Box>
    </DetailDialog>
  );
}
