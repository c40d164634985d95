import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@atrium/contracts/gateway';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { notify } from '../../ui/snackbar';
import { SearchField } from '../../ui/search-field';
import { filterGateways, NO_GATEWAY_FILTERS } from './gateway-filters';
import { DEFAULT_SORT, sortGateways } from './gateway-sort';
import { accountGatewaysQuery, gatewaysApi } from './api/gateways-api';
import { SubmitButton } from '../../ui/submit-button';

interface Props {
  project: { _id: string; name: string };
  onClose: () => void;
}

/** Manage gateways: tick the account's gateways that belong to this project (document 2 §2). */
export function LinkGatewaysDialog({ project, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useQuery(accountGatewaysQuery());
  const [changes, setChanges] = useState<Record<string, boolean>>({});
  const [search, setSearch] = useState('');
  const gateways = useMemo(() => account.data?.gateways ?? [], [account.data]);
  const shown = sortGateways(
    filterGateways(gateways, { ...NO_GATEWAY_FILTERS, search }),
    DEFAULT_SORT,
  );
  const inProject = (mac: string, project_: string | null) =>
    changes[mac] ?? project_ === project._id;

  const saving = useMutation({
    mutationFn: async ({ link, unlink }: { link: string[]; unlink: string[] }) => {
      if (link.length) await gatewaysApi.link(project._id, link);
      if (unlink.length) await gatewaysApi.unlink(project._id, unlink);
    },
    onSuccess: () => {
      notify.success('changeSuccess');
      onClose();
    },
    onError: (error) => notify.apiError(error),
    onSettled: () => void invalidate(queryClient, QUERY_KEYS.gateways, QUERY_KEYS.projects),
  });
  const busy = saving.isPending;
  const save = () => {
    const macs = (linked: boolean) =>
      gateways
        .filter((g) => changes[g.mac] === linked && (g.project === project._id) !== linked)
        .map((g) => g.mac);
    saving.mutate({ link: macs(true), unlink: macs(false) });
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby="link-gateways-title"
      slotProps={{ paper: { sx: { width: 575, maxWidth: '95vw' } } }}
    >
      <DialogTitle id="link-gateways-title">
        {t('linkGateways.title')}
        <Typography color="text.secondary" sx={{ fontSize: 14 }}>
          {project.name}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Box sx={{ p: 2, display: 'flex' }}>
          <SearchField label={t('gateways.search')} value={search} onChange={setSearch} />
        </Box>
        {account.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {account.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('dataNotLoaded')}
          </Alert>
        )}
        {account.isSuccess && gateways.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {t('linkGateways.empty')}
          </Typography>
        )}
        <List dense sx={{ maxHeight: '50vh', overflow: 'auto' }}>
          {shown.map((gw) => {
            const checked = inProject(gw.mac, gw.project);
            const elsewhere = gw.project && gw.project !== project._id ? gw.projectName : null;
            return (
              <ListItemButton
                key={gw.mac}
                onClick={() => setChanges((c) => ({ ...c, [gw.mac]: !checked }))}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple />
                </ListItemIcon>
                <ListItemText
                  primary={gw.name}
                  secondary={[
                    formatMac(gw.mac),
                    t(`gatewayType.${gw.type}`),
                    elsewhere && t('linkGateways.inProject', { project: elsewhere }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <SubmitButton
          size="medium"
          pending={busy}
          disabled={Object.keys(changes).length === 0}
          onClick={save}
        >
          {t('dialog.save')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
