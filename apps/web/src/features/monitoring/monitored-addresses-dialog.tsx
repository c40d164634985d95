import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@atrium/contracts/gateway';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { notify } from '../../ui/snackbar';
import { SearchField } from '../../ui/search-field';
import { filterTree, remainingSlots, toggleGroup } from './address-selection';
import { DialogHeader } from '../../ui/dialog-header';
import { gatewayEtsErrorKey } from './ets-file-rules';
import { gatewayEtsQuery, monitoringApi } from './api/monitoring-api';
import { MonitoredTree } from './monitored-tree';
import { SubmitButton } from '../../ui/submit-button';

interface Props {
  gateway: { mac: string; name: string };
  /** Names of the project's gateways by MAC, for "recorded by …". */
  gatewayNames: ReadonlyMap<string, string>;
  onClose: () => void;
}

/** Monitored-addresses dialog of one gateway (spec document 2 §2, §5): a tree from the ETS file. */
export function MonitoredAddressesDialog({ gateway, gatewayNames, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width:600px)');
  // A missing ETS file closes the dialog at once (below): no retry.
  const ets = useQuery({ ...gatewayEtsQuery(gateway.mac), retry: false });
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [search, setSearch] = useState('');

  // Spec §8: without an ETS file (or without addresses) the message shows and the dialog closes.
  const reported = useRef(false);
  useEffect(() => {
    if (!ets.isError || reported.current) return;
    reported.current = true;
    notify.error(gatewayEtsErrorKey(ets.error));
    onClose();
  }, [ets.isError, ets.error, onClose]);

  const initial = useMemo(() => {
    const all = ets.data?.ets.file.flatMap((m) => m.middles.flatMap((mid) => mid.addresses)) ?? [];
    return new Set(all.filter((a) => a.monitored).map((a) => a.address));
  }, [ets.data]);
  const ticked = selected ?? initial;
  const remaining = ets.data ? remainingSlots(ets.data, ticked.size) : 0;
  const changed =
    ticked.size !== initial.size || [...ticked].some((address) => !initial.has(address));
  const tree = useMemo(() => filterTree(ets.data?.ets.file ?? [], search), [ets.data, search]);
  const projectCount = ets.data ? ets.data.total - ets.data.cpt + ticked.size : 0;

  const saving = useMutation({
    mutationFn: (addresses: string[]) => monitoringApi.setGatewayMonitored(gateway.mac, addresses),
    onSuccess: (reply) => {
      notify.success('changeSuccess');
      if (!reply.sent) notify.info('monitoring.addresses.sentLater');
      onClose();
    },
    onError: (error) => notify.apiError(error),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.monitoring }),
  });
  const busy = saving.isPending;
  const save = () => saving.mutate([...ticked]);

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullScreen={fullScreen}
      aria-labelledby="monitored-dialog-title"
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 720, maxWidth: '95vw' } } }}
    >
      <DialogHeader
        id="monitored-dialog-title"
        title={t('monitoring.addresses.title')}
        subtitle={`${gateway.name} · ${formatMac(gateway.mac)}`}
        onClose={onClose}
      />
      <DialogContent dividers sx={{ p: 0 }}>
        {ets.isPending && <Skeleton variant="rectangular" height={280} />}
        {ets.data && (
          <>
            <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
              <Box
                sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
              >
                <Typography variant="body2" id="monitored-count" data-testid="monitored-count">
                  {t('monitoring.addresses.counter', {
                    gateway: ticked.size,
                    project: projectCount,
                    max: ets.data.max,
                  })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {ets.data.ets.name}
                </Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, (projectCount / Math.max(1, ets.data.max)) * 100)}
                color={remaining <= 0 ? 'warning' : 'primary'}
                aria-labelledby="monitored-count"
                sx={{ height: 6, borderRadius: 3 }}
              />
              {remaining <= 0 && <Alert severity="warning">{t('maxAddress')}</Alert>}
              <Box sx={{ display: 'flex' }}>
                <SearchField
                  label={t('monitoring.addresses.search')}
                  value={search}
                  onChange={setSearch}
                />
              </Box>
            </Box>
            <MonitoredTree
              tree={tree}
              selected={ticked}
              remaining={remaining}
              gatewayName={(mac) => gatewayNames.get(mac) ?? formatMac(mac)}
              expandAll={search.trim().length > 0}
              onToggle={(address) => {
                const next = new Set(ticked);
                if (!next.delete(address)) next.add(address);
                setSelected(next);
              }}
              onToggleGroup={(addresses) => setSelected(toggleGroup(addresses, ticked, remaining))}
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <SubmitButton size="medium" pending={busy} disabled={!changed} onClick={save}>
          {t('dialog.save')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
