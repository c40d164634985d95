import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { csvReport } from '@atrium/contracts/csv';
import type { z } from 'zod';
import type { importGatewaysReply } from '@atrium/contracts/gateway';
import { ApiError } from '../../lib/api/api-error';
import { notify } from '../../ui/snackbar';
import { csvFileProblem, fileSize } from './csv-file';
import { CsvImportReport, type CsvReport } from './csv-import-report';
import { ImportedSecrets } from './imported-secrets';
import { projectsApi } from './api/projects-api';
import { SubmitButton } from '../../ui/submit-button';

export type CsvImportKind = 'gateways' | 'licences';

type Result =
  | { kind: 'rejected'; report: CsvReport }
  | { kind: 'gateways'; reply: z.infer<typeof importGatewaysReply> }
  | { kind: 'licences'; imported: number };

/** The invalid rows of a 400 invalidCsv reply, when it carries them. */
function reportOf(error: unknown): CsvReport | null {
  if (!(error instanceof ApiError) || error.code !== 'invalidCsv') return null;
  const parsed = csvReport.safeParse(error.reply);
  return parsed.success ? parsed.data : null;
}

/** Admin CSV import of waiting gateways or licences (document 3 §2, §5, §8). */
export function CsvImportDialog({ kind, onClose }: { kind: CsvImportKind; onClose: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const importing = useMutation({
    mutationFn: async (chosen: File): Promise<Result> =>
      kind === 'gateways'
        ? { kind: 'gateways', reply: await projectsApi.importGateways(chosen) }
        : { kind: 'licences', imported: (await projectsApi.importLicences(chosen)).imported },
    onSuccess: (imported) => {
      setResult(imported);
      notify.success('success');
      setFile(null);
    },
    onError: (error) => {
      const report = reportOf(error);
      if (report) setResult({ kind: 'rejected', report });
      notify.apiError(error);
    },
  });
  const busy = importing.isPending;

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    setResult(null);
    const problem = csvFileProblem(chosen);
    if (problem) {
      setFile(null);
      notify.error(problem);
    } else setFile(chosen);
  };

  const save = () => {
    if (file) importing.mutate(file);
  };

  const done = result && result.kind !== 'rejected';
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby="csv-import-title"
      slotProps={{ paper: { sx: { width: 640, maxWidth: '95vw' } } }}
    >
      <DialogTitle id="csv-import-title">{t(`csvImport.${kind}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`csvImport.${kind}.hint`)}</DialogContentText>
        <Typography
          component="code"
          sx={{
            display: 'block',
            my: 1.5,
            px: 1.5,
            py: 1,
            bgcolor: 'background.default',
            borderRadius: 1,
            fontSize: 13,
          }}
        >
          {t(`csvImport.${kind}.columns`)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <input
            ref={input}
            type="file"
            accept=".csv"
            hidden
            aria-label={t('csvImport.choose')}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {t('csvImport.choose')}
          </Button>
          {file ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
              <DescriptionIcon fontSize="small" color="primary" />
              <Typography noWrap sx={{ fontWeight: 600 }}>
                {file.name}
              </Typography>
              <Typography color="text.secondary" variant="body2">
                ({fileSize(file.size)})
              </Typography>
            </Box>
          ) : (
            <Typography color="text.secondary" variant="body2">
              {t('csvImport.noFile')}
            </Typography>
          )}
        </Box>
        {result?.kind === 'rejected' && <CsvImportReport report={result.report} />}
        {result?.kind === 'licences' && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('csvImport.licences.imported', { count: result.imported })}
          </Alert>
        )}
        {result?.kind === 'gateways' && (
          <>
            <Alert severity="success" sx={{ mt: 2 }}>
              {t('csvImport.gateways.imported', { count: result.reply.imported })}
            </Alert>
            <ImportedSecrets gateways={result.reply.gateways} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {done ? t('dialog.close') : t('dialog.cancel')}
        </Button>
        <SubmitButton size="medium" pending={busy} disabled={!file} onClick={save}>
          {t('dialog.save')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
