import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { PoolRow } from '@atrium/contracts/pool';
import { formatDateTime } from '../../../lib/dates';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { SearchField } from '../../../ui/search-field';
import { StatusDot } from '../../../ui/status-dot';
import { DetailDialog } from '../dialogs/detail-dialog';
import { poolApi, usePoolMutation } from './pool-api';
import {
  autoFill,
  cleanRows,
  formatPoolValue,
  keyKindOf,
  rowMatches,
  rowsToSave,
  validateRows,
  withLiveValues,
  VENDOR_STATE_KEYS,
  type PoolTableKind,
} from './pool-model';
import type { PoolLive } from './use-pool-live';

interface Props {
  mac: string;
  kind: PoolTableKind;
  rows: readonly PoolRow[];
  live: PoolLive;
  readOnly: boolean;
  onClose: () => void;
}

/**
 * The status (POOL_to_KNX) or command (KNX_to_POOL) table (document 2 §2): search, used-only
 * filter, auto-fill, live values with their last update, clean and save.
 */
export function PoolTableDialog({ mac, kind, rows: saved, live, readOnly, onClose }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [rows, setRows] = useState<PoolRow[]>(() => [...saved]);
  const [search, setSearch] = useState('');
  const [usedOnly, setUsedOnly] = useState(false);
  const [fillError, setFillError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const save = usePoolMutation(mac, () => poolApi.update(mac, { [kind]: rowsToSave(rows) }));

  const shown = useMemo(
    () =>
      withLiveValues(rows, live.data?.[kind] ?? []).filter((r) => rowMatches(r, search, usedOnly)),
    [rows, live.data, kind, search, usedOnly],
  );
  const errors = useMemo(() => validateRows(rows), [rows]);
  const invalid = Object.keys(errors).length > 0;
  const lastUpdate = live.data?.lastUpdate ?? null;
  const vendorKey = live.data ? VENDOR_STATE_KEYS[live.data.vendor.state] : undefined;
  const words = { on: t('pool.on'), off: t('pool.off') };
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const edit = (name: string, patch: Partial<PoolRow>) => {
    setRows((current) => current.map((r) => (r.name === name ? { ...r, ...patch } : r)));
    setDirty(true);
    setFillError(null);
  };
  const fill = () => {
    const result = autoFill(
      rows,
      shown.map((r) => r.name),
    );
    if (!result.ok) return setFillError(result.error);
    setRows(result.rows);
    setDirty(true);
    setFillError(null);
  };
  const close = async () => {
    if (
      dirty &&
      !(await confirm({ title: t(`pool.table.${kind}`), message: t('deleteUnsavedChanges') }))
    )
      return;
    onClose();
  };
  const submit = () =>
    save.mutate(undefined, {
      onSuccess: () => {
        setDirty(false);
        onClose();
      },
    });

  return (
    <DetailDialog
      title={t(`pool.table.${kind}`)}
      onClose={() => void close()}
      busy={save.isPending}
      width={1100}
      actions={
        readOnly ? undefined : (
          <>
            <Button onClick={fill}>{t('pool.autoFill')}</Button>
            <Button
              color="warning"
              onClick={() => {
                setRows(cleanRows(rows));
                setDirty(true);
              }}
            >
              {t('pool.clean')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button onClick={() => void close()}>{t('dialog.cancel')}</Button>
            <Button variant="contained" disabled={invalid || save.isPending} onClick={submit}>
              {t('dialog.save')}
            </Button>
          </>
        )
      }
    >
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5, mt: 1 }}
      >
        <SearchField label={t('pool.search')} value={search} onChange={setSearch} />
        <FormControlLabel
          control={<Switch checked={usedOnly} onChange={(e) => setUsedOnly(e.target.checked)} />}
          label={t('pool.usedOnly')}
        />
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }} data-testid="pool-live">
          <StatusDot
            color={live.connected ? 'success' : 'disabled'}
            label={live.connected ? t('pool.live') : t('pool.notLive')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('pool.lastUpdate', {
              date: lastUpdate === null ? t('pool.never') : formatDateTime(lastUpdate),
            })}
          </Typography>
          <Tooltip title={t('pool.refresh')}>
            <IconButton aria-label={t('pool.refresh')} onClick={live.refresh} size="small">
              <RefreshIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
      {vendorKey && vendorKey !== 'pool.notConfigured' && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t(vendorKey)}
        </Alert>
      )}
      {live.error && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t(live.error)}
        </Alert>
      )}
      {fillError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t(fillError)}
        </Alert>
      )}
      <TableContainer sx={{ maxHeight: '60vh' }}>
        <Table size="small" stickyHeader aria-label={t(`pool.table.${kind}`)}>
          <TableHead>
            {narrow ? (
              <TableRow>
                <TableCell padding="checkbox">{t('pool.used')}</TableCell>
                <TableCell>{t('pool.name')}</TableCell>
              </TableRow>
            ) : (
              <TableRow>
                <TableCell padding="checkbox">{t('pool.used')}</TableCell>
                <TableCell>{t('pool.name')}</TableCell>
                <TableCell>{t('pool.rename')}</TableCell>
                <TableCell>{t('pool.address')}</TableCell>
                <TableCell>{t('pool.dpt')}</TableCell>
                <TableCell align="right">{t('pool.value')}</TableCell>
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {shown.map((r) => {
              const e = errors[r.name];
              const label = r.rename || r.name;
              // On a phone, the fields have visible labels: the table's header is not beside them.
              const fieldLabel = (key: string) => (narrow ? t(key) : undefined);
              const fields = {
                rename: (
                  <TextField
                    size="small"
                    label={fieldLabel('pool.rename')}
                    value={r.rename}
                    disabled={readOnly}
                    onChange={(ev) => edit(r.name, { rename: ev.target.value })}
                    slotProps={{
                      htmlInput: { 'aria-label': t('pool.renameOf', { name: r.name }) },
                    }}
                  />
                ),
                address: (
                  <TextField
                    size="small"
                    label={fieldLabel('pool.address')}
                    value={r.address}
                    disabled={readOnly}
                    placeholder="1/2/3"
                    error={e?.address !== undefined}
                    helperText={e?.address ? t(e.address) : undefined}
                    onChange={(ev) => edit(r.name, { address: ev.target.value })}
                    slotProps={{
                      htmlInput: { 'aria-label': t('pool.addressOf', { name: label }) },
                    }}
                  />
                ),
                dpt: (
                  <TextField
                    size="small"
                    label={fieldLabel('pool.dpt')}
                    value={r.dpt}
                    disabled={readOnly}
                    error={e?.dpt !== undefined}
                    helperText={e?.dpt ? t('pool.invalidDpt') : undefined}
                    onChange={(ev) => edit(r.name, { dpt: ev.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': t('pool.dptOf', { name: label }) } }}
                  />
                ),
              };
              const value = (
                <Box
                  component="span"
                  sx={{ whiteSpace: 'nowrap' }}
                  data-testid={`value-${r.name}`}
                  title={r.timestamp === null ? undefined : formatDateTime(r.timestamp)}
                >
                  {formatPoolValue(r, words)}
                </Box>
              );
              const name = (
                <>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {r.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`pool.keys.${keyKindOf(kind)}.${r.name}`, { defaultValue: r.description })}
                  </Typography>
                </>
              );
              return (
                <TableRow key={r.name} data-row={r.name}>
                  <TableCell padding="checkbox" sx={narrow ? { verticalAlign: 'top' } : undefined}>
                    <Checkbox
                      checked={r.enabled}
                      disabled={readOnly}
                      onChange={(ev) => edit(r.name, { enabled: ev.target.checked })}
                      slotProps={{ input: { 'aria-label': t('pool.useRow', { name: label }) } }}
                    />
                  </TableCell>
                  {narrow ? (
                    <TableCell>
                      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                        <Box sx={{ minWidth: 0 }}>{name}</Box>
                        <Typography variant="body2">{value}</Typography>
                      </Box>
                      <Box sx={{ display: 'grid', gap: 1.5, mt: 1.5, mb: 0.5 }}>
                        {fields.rename}
                        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
                          {fields.address}
                          {fields.dpt}
                        </Box>
                      </Box>
                    </TableCell>
                  ) : (
                    <>
                      <TableCell>{name}</TableCell>
                      <TableCell sx={{ minWidth: 140 }}>{fields.rename}</TableCell>
                      <TableCell sx={{ minWidth: 120 }}>{fields.address}</TableCell>
                      <TableCell sx={{ minWidth: 100 }}>{fields.dpt}</TableCell>
                      <TableCell align="right">{value}</TableCell>
                    </>
                  )}
                </TableRow>
              );
            })}
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={narrow ? 2 : 6}>{t('pool.noRow')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </DetailDialog>
  );
}
