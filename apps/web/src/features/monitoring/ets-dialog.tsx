import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { DialogHeader } from '../../ui/dialog-header';
import { fileSize, isKnxproj } from './ets-file-rules';
import { EtsSkippedList } from './ets-skipped-list';
import { etsInfosQuery } from './api/monitoring-api';
import { useEtsActions } from './use-ets-actions';
import { SubmitButton } from '../../ui/submit-button';
import { PasswordField } from '../../ui/password-field';
import { MONITORING_LIMITS } from '@atrium/contracts/monitoring';

interface Props {
  project: { _id: string; name: string };
  canEdit: boolean;
  onClose: () => void;
}

/**
 * ETS file dialog (spec document 2 §2, §4): current file, upload of an .xml export or
 * (issue 18) of the ETS project .knxproj with its password when protected, delete.
 */
export function EtsDialog({ project, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const infos = useQuery(etsInfosQuery(project._id));
  const actions = useEtsActions(project._id);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // The .knxproj password lives in this dialog only: sent with the file, never stored.
  const [password, setPassword] = useState('');
  const current = infos.data;
  const isProject = file !== null && isKnxproj(file.name);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPassword('');
    actions.clearPasswordError();
  };

  const send = async () => {
    if (file && (await actions.upload(file, isProject ? password : undefined))) choose(null);
  };

  return (
    <Dialog
      open
      onClose={() => !actions.busy && onClose()}
      aria-labelledby="ets-dialog-title"
      slotProps={{ paper: { sx: { width: 575, maxWidth: '95vw' } } }}
    >
      <DialogHeader
        id="ets-dialog-title"
        title={t('monitoring.ets.title')}
        subtitle={project.name}
        onClose={onClose}
      />
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {infos.isPending && <Skeleton variant="rounded" height={72} />}
        {infos.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
        {infos.isSuccess && (
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <DescriptionIcon color={current ? 'primary' : 'disabled'} />
            {current ? (
              <Box sx={{ minWidth: 0 }} data-testid="ets-current">
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {current.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('monitoring.ets.importedAt', { date: formatDateTime(current.timestamp) })}
                  {' · '}
                  {t('monitoring.ets.addressCount', { count: current.count })}
                </Typography>
              </Box>
            ) : (
              <Typography color="text.secondary">{t('monitoring.ets.none')}</Typography>
            )}
          </Paper>
        )}
        {canEdit && (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('monitoring.ets.hint')}
            </Typography>
            <input
              ref={input}
              type="file"
              accept=".xml,.knxproj,text/xml,application/xml"
              hidden
              data-testid="ets-file-input"
              onChange={(e) => {
                choose(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
            {file ? (
              <Paper
                variant="outlined"
                sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <UploadFileIcon color="action" />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                    {file.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {fileSize(file.size)}
                  </Typography>
                </Box>
                <IconButton
                  size="small"
                  aria-label={t('monitoring.ets.clearFile')}
                  onClick={() => choose(null)}
                  disabled={actions.busy}
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </Paper>
            ) : (
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                onClick={() => input.current?.click()}
              >
                {t('monitoring.ets.choose')}
              </Button>
            )}
            {isProject && (
              <Box sx={{ mt: 2 }}>
                <PasswordField
                  label={t('monitoring.ets.password')}
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    actions.clearPasswordError();
                  }}
                  autoComplete="off"
                  error={actions.passwordError !== null}
                  helperText={t(actions.passwordError ?? 'monitoring.ets.passwordHelp')}
                  inputProps={{
                    maxLength: MONITORING_LIMITS.knxprojPasswordMax,
                    'data-testid': 'ets-password',
                  }}
                  disabled={actions.busy}
                />
              </Box>
            )}
          </Box>
        )}
        {actions.skipped.length > 0 && <EtsSkippedList skipped={actions.skipped} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {canEdit && !file && current && (
          <Button
            color="error"
            onClick={() => void actions.remove(current.name)}
            disabled={actions.busy}
            sx={{ mr: 'auto' }}
          >
            {t('monitoring.ets.delete')}
          </Button>
        )}
        <Button color="inherit" onClick={onClose} disabled={actions.busy}>
          {t('dialog.close')}
        </Button>
        {canEdit && file && (
          <SubmitButton size="medium" pending={actions.busy} onClick={() => void send()}>
            {t('monitoring.ets.send')}
          </SubmitButton>
        )}
      </DialogActions>
    </Dialog>
  );
}
