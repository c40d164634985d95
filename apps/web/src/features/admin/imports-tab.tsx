import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { csvReport } from '@atrium/contracts/csv';
import type { z } from 'zod';
import type { importGatewaysReply } from '@atrium/contracts/gateway';
import { ApiError } from '../../lib/api/api-error';
import { copyText } from '../../lib/clipboard';
import { hasTranslation } from '../../lib/i18n/i18n';
import { notify } from '../../ui/snackbar';
import { ADMIN_KEYS, adminApi } from './api/admin-api';
import { FilePicker } from './file-picker';

type Kind = 'gateways' | 'licences';
type Outcome =
  | { kind: 'rejected'; report: z.infer<typeof csvReport> }
  | { kind: 'gateways'; reply: z.infer<typeof importGatewaysReply> }
  | { kind: 'licences'; imported: number };

const TEXT = {
  gateways: {
    title: 'csvImport.gateways.title',
    hint: 'csvImport.gateways.hint',
    columns: 'csvImport.gateways.columns',
    imported: 'csvImport.gateways.imported',
  },
  licences: {
    title: 'csvImport.licences.title',
    hint: 'csvImport.licences.hint',
    columns: 'csvImport.licences.columns',
    imported: 'csvImport.licences.imported',
  },
} as const;

function reportOf(error: unknown) {
  if (!(error instanceof ApiError) || error.code !== 'invalidCsv') return null;
  const parsed = csvReport.safeParse(error.reply);
  return parsed.success ? parsed.data : null;
}

function Result({ kind, outcome }: { kind: Kind; outcome: Outcome }) {
  const { t } = useTranslation();
  const reason = (code: string) => {
    const key = `csvImport.reasons.${code}`;
    return hasTranslation(key) ? t(key) : code;
  };
  if (outcome.kind === 'rejected') {
    return (
      <Alert severity="error" role="alert">
        <Typography variant="body2">
          {t('csvImport.rejected', { count: outcome.report.invalid.length })}
        </Typography>
        <Table size="small" aria-label={t('csvImport.rejectedRows')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('csvImport.line')}</TableCell>
              <TableCell>{t('csvImport.reason')}</TableCell>
              <TableCell>{t('csvImport.value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {outcome.report.invalid.slice(0, 50).map((r, i) => (
              <TableRow key={`${r.line}-${i}`}>
                <TableCell>{r.line}</TableCell>
                <TableCell>{reason(r.reason)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.value ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Alert>
    );
  }
  const count = outcome.kind === 'gateways' ? outcome.reply.imported : outcome.imported;
  return (
    <Alert severity="success" role="status">
      <Typography variant="body2">{t(TEXT[kind].imported, { count })}</Typography>
      {outcome.kind === 'gateways' && outcome.reply.gateways.length > 0 && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2">{t('csvImport.secretsOnce')}</Typography>
            <Button
              size="small"
              variant="outlined"
              startIcon={<ContentCopyIcon />}
              onClick={() => {
                const text = outcome.reply.gateways.map((g) => `${g.mac},${g.secret}`).join('\n');
                void copyText(`mac,secret\n${text}\n`).then(
                  (ok) => ok && notify.success('csvImport.copied'),
                );
              }}
            >
              {t('csvImport.copyAll')}
            </Button>
          </Box>
          <Table size="small" aria-label={t('csvImport.secrets')}>
            <TableHead>
              <TableRow>
                <TableCell>MAC</TableCell>
                <TableCell>{t('csvImport.secret')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {outcome.reply.gateways.map((g) => (
                <TableRow key={g.mac}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{g.mac}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {g.secret}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Alert>
  );
}

/** One CSV import: the expected columns, the file, the upload and what the server said. */
function ImportCard({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const importing = useMutation({
    mutationFn: async (chosen: File): Promise<Outcome> =>
      kind === 'gateways'
        ? { kind: 'gateways', reply: await adminApi.importGateways(chosen) }
        : { kind: 'licences', imported: (await adminApi.importLicences(chosen)).imported },
    onSuccess: (done) => {
      setOutcome(done);
      setFile(null);
      notify.success('success');
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.all });
    },
    onError: (error) => {
      const report = reportOf(error);
      setOutcome(report ? { kind: 'rejected', report } : null);
      notify.apiError(error);
    },
  });
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`import-${kind}`}
      sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <Typography id={`import-${kind}`} variant="h6" component="h2">
        {t(TEXT[kind].title)}
      </Typography>
      <Typography variant="body2">{t(TEXT[kind].hint)}</Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {t(TEXT[kind].columns)}
      </Typography>
      <FilePicker
        id={`import-${kind}-file`}
        label={t('csvImport.choose')}
        accept=".csv,text/csv"
        file={file}
        onFile={(f) => {
          setFile(f);
          setOutcome(null);
        }}
      />
      <Box>
        <Button
          variant="contained"
          disabled={!file}
          loading={importing.isPending}
          onClick={() => file && importing.mutate(file)}
        >
          {t('admin.imports.import')}
        </Button>
      </Box>
      {outcome && <Result kind={kind} outcome={outcome} />}
    </Paper>
  );
}

/** The waiting-gateway and licence CSV imports (document 3 §2, §5, §8). */
export function ImportsTab() {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))' }}
    >
      <ImportCard kind="gateways" />
      <ImportCard kind="licences" />
    </Box>
  );
}
