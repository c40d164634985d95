import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FirmwareItem } from '@atrium/contracts/hub';
import { GATEWAY_TYPES, type GatewayType } from '@atrium/contracts/limits';
import { formatDateTime } from '../../lib/dates';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { formatBytes } from '../../lib/locale';
import { notify } from '../../ui/snackbar';
import { ADMIN_KEYS, adminApi, firmwareListQuery, referenceVersionsQuery } from './api/admin-api';
import { FilePicker } from './file-picker';

const VERSION = /^\d+\.\d+(\.\d+)?$/;

function TypeSelect({
  value,
  onChange,
}: {
  value: GatewayType;
  onChange: (t: GatewayType) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('admin.firmware.type')}
      value={value}
      onChange={(e) => onChange(e.target.value as GatewayType)}
      sx={{ flex: '1 0 150px', maxWidth: 240 }}
    >
      {GATEWAY_TYPES.map((g) => (
        <MenuItem key={g} value={g}>
          {t(`gatewayType.${g}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Upload a firmware image for a type and version, on the main branch or as a beta. */
function UploadForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<GatewayType>('kloudnx');
  const [version, setVersion] = useState('');
  const [beta, setBeta] = useState(false);
  const valid = VERSION.test(version.trim());
  const upload = useMutation({
    mutationFn: (f: File) =>
      adminApi.uploadFirmware({ file: f, type, version: version.trim(), beta }),
    onSuccess: () => {
      notify.success('admin.firmware.uploaded');
      setFile(null);
      setVersion('');
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.firmware });
    },
    onError: (e) => notify.apiError(e),
  });
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby="firmware-upload"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (file && valid) upload.mutate(file);
      }}
    >
      <Typography id="firmware-upload" variant="h6" component="h2">
        {t('admin.firmware.upload')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TypeSelect value={type} onChange={setType} />
        <TextField
          size="small"
          label={t('admin.firmware.version')}
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          error={version !== '' && !valid}
          helperText={version !== '' && !valid ? t('admin.firmware.versionHint') : undefined}
          sx={{ width: 160 }}
        />
        <FormControlLabel
          control={<Checkbox checked={beta} onChange={(e) => setBeta(e.target.checked)} />}
          label={t('admin.firmware.beta')}
        />
      </Box>
      <FilePicker
        id="firmware-file"
        label={t('admin.firmware.choose')}
        file={file}
        onFile={setFile}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={!file || !valid}
          loading={upload.isPending}
        >
          {t('admin.firmware.send')}
        </Button>
      </Box>
    </Paper>
  );
}

/** The reference version of each type: gateways below it are outdated. */
function ReferenceForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const versions = useQuery(referenceVersionsQuery());
  const [type, setType] = useState<GatewayType>('kloudnx');
  const [version, setVersion] = useState('');
  const valid = VERSION.test(version.trim());
  const save = useMutation({
    mutationFn: () => adminApi.setReference(type, version.trim()),
    onSuccess: (latest) => {
      client.setQueryData(ADMIN_KEYS.versions, latest);
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.fleet });
      void client.invalidateQueries({ queryKey: QUERY_KEYS.latestVersions });
      notify.success('admin.firmware.referenceSaved');
      setVersion('');
    },
    onError: (e) => notify.apiError(e),
  });
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby="firmware-reference"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate();
      }}
    >
      <Typography id="firmware-reference" variant="h6" component="h2">
        {t('admin.firmware.references')}
      </Typography>
      {versions.data && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {GATEWAY_TYPES.map((g) => (
            <li key={g}>
              <Typography variant="body2">
                {t(`gatewayType.${g}`)} : {versions.data[g] ?? '—'}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TypeSelect value={type} onChange={setType} />
        <TextField
          size="small"
          label={t('admin.firmware.newReference')}
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          error={version !== '' && !valid}
          sx={{ width: 240 }}
        />
        <Button type="submit" variant="outlined" disabled={!valid} loading={save.isPending}>
          {t('admin.firmware.setReference')}
        </Button>
      </Box>
    </Paper>
  );
}

/** Makes a main-branch release its type's reference; shows which one already is. */
function ReferenceCell({ item }: { item: FirmwareItem }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const versions = useQuery(referenceVersionsQuery());
  const save = useMutation({
    mutationFn: () => adminApi.setReference(item.type, item.version),
    onSuccess: (latest) => {
      client.setQueryData(ADMIN_KEYS.versions, latest);
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.fleet });
      void client.invalidateQueries({ queryKey: QUERY_KEYS.latestVersions });
      notify.success('admin.firmware.referenceSaved');
    },
    onError: (e) => notify.apiError(e),
  });
  if (versions.data?.[item.type] === item.version)
    return (
      <Chip size="small" color="primary" variant="outlined" label={t('admin.fleet.isReference')} />
    );
  if (item.branch === 'beta' || !versions.data) return null;
  return (
    <Button
      size="small"
      loading={save.isPending}
      onClick={() => save.mutate()}
      aria-label={t('admin.firmware.setReferenceOf', {
        type: t(`gatewayType.${item.type}`),
        version: item.version,
      })}
    >
      {t('admin.firmware.setReference')}
    </Button>
  );
}

function FirmwareList({ items }: { items: readonly FirmwareItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {t('admin.firmware.empty')}
      </Typography>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('admin.firmware.list')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.firmware.type')}</TableCell>
            <TableCell>{t('admin.firmware.version')}</TableCell>
            <TableCell>{t('admin.firmware.size')}</TableCell>
            <TableCell>{t('admin.firmware.uploadedAt')}</TableCell>
            <TableCell>{t('admin.firmware.reference')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((f) => (
            <TableRow key={f.id}>
              <TableCell>{t(`gatewayType.${f.type}`)}</TableCell>
              <TableCell>
                {f.version}{' '}
                {f.branch === 'beta' && <Chip size="small" label={t('admin.firmware.beta')} />}
              </TableCell>
              <TableCell>{formatBytes(f.size)}</TableCell>
              <TableCell>{formatDateTime(f.createdAt)}</TableCell>
              <TableCell>
                <ReferenceCell item={f} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Firmware releases: the list, an upload, and the reference version per type. */
export function FirmwareTab() {
  const { t } = useTranslation();
  const list = useQuery(firmwareListQuery());
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
        }}
      >
        <UploadForm />
        <ReferenceForm />
      </Box>
      <Typography variant="h6" component="h2">
        {t('admin.firmware.list')}
      </Typography>
      {list.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={160} />}
      {list.data && <FirmwareList items={list.data} />}
    </Box>
  );
}
