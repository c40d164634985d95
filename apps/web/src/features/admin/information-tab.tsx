import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InformationMessage } from '@atrium/contracts/information';
import { notify } from '../../ui/snackbar';
import { ADMIN_KEYS, informationApi, informationMessagesQuery } from './api/admin-api';
import { formatLastDay, parisDayEnd } from './paris-day';

const COLOURS = ['info', 'success', 'warning', 'error'] as const;
type Colour = (typeof COLOURS)[number];
const COLOUR_LABELS: Record<Colour, string> = {
  info: 'admin.information.colours.info',
  success: 'admin.information.colours.success',
  warning: 'admin.information.colours.warning',
  error: 'admin.information.colours.error',
};
const severityOf = (color: string): AlertColor =>
  COLOURS.find((c) => c === color) ?? (color === 'red' ? 'error' : 'info');

/** Create a message: colour, French and English text, an optional last day (Paris). */
function MessageForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [color, setColor] = useState<Colour>('info');
  const [text, setText] = useState('');
  const [textEn, setTextEn] = useState('');
  const [until, setUntil] = useState('');
  const create = useMutation({
    mutationFn: () =>
      informationApi.create({
        color,
        text: text.trim(),
        ...(textEn.trim() ? { textEn: textEn.trim() } : {}),
        expiresAt: until ? (parisDayEnd(until) ?? null) : null,
      }),
    onSuccess: () => {
      notify.success('admin.information.created');
      setText('');
      setTextEn('');
      setUntil('');
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.information });
    },
    onError: (e) => notify.apiError(e),
  });
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby="information-create"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) create.mutate();
      }}
    >
      <Typography id="information-create" variant="h6" component="h2">
        {t('admin.information.create')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('admin.information.hint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('admin.information.colour')}
          value={color}
          onChange={(e) => setColor(e.target.value as Colour)}
          sx={{ flex: '1 0 160px', maxWidth: { sm: 220 } }}
        >
          {COLOURS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(COLOUR_LABELS[c])}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={t('admin.information.until')}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          helperText={t('admin.information.untilHint')}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 0 170px', maxWidth: { sm: 220 } }}
        />
      </Box>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('admin.information.textFr')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        required
      />
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('admin.information.textEn')}
        value={textEn}
        onChange={(e) => setTextEn(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        helperText={t('admin.information.textEnHint')}
      />
      {text.trim() && (
        <Alert severity={color} aria-label={t('admin.information.preview')}>
          {text}
        </Alert>
      )}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={!text.trim()}
          loading={create.isPending}
        >
          {t('admin.information.publish')}
        </Button>
      </Box>
    </Paper>
  );
}

function MessageRow({ message }: { message: InformationMessage }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => informationApi.remove(message.id),
    onSuccess: () => {
      notify.success('admin.information.removed');
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.information });
    },
    onError: (e) => notify.apiError(e),
  });
  return (
    <Box component="li">
      <Alert
        severity={severityOf(message.color)}
        action={
          <Button
            color="inherit"
            size="small"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            aria-label={t('admin.information.removeOf', { text: message.text.slice(0, 40) })}
          >
            {t('admin.information.remove')}
          </Button>
        }
      >
        <Typography variant="body2">
          <Box component="span" lang="fr">
            {message.text}
          </Box>
        </Typography>
        {message.textEn && (
          <Typography variant="body2" lang="en" sx={{ mt: 0.5 }}>
            {message.textEn}
          </Typography>
        )}
        <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
          {message.expiresAt
            ? t('admin.information.shownUntil', { day: formatLastDay(message.expiresAt) })
            : t('admin.information.noExpiry')}
        </Typography>
      </Alert>
    </Box>
  );
}

/** Information messages: shown as a banner to every user until dismissed or expired. */
export function InformationTab() {
  const { t } = useTranslation();
  const list = useQuery(informationMessagesQuery());
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <MessageForm />
      <Typography variant="h6" component="h2">
        {t('admin.information.current')}
      </Typography>
      {list.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={120} />}
      {list.data?.length === 0 && (
        <Typography color="text.secondary">{t('admin.information.empty')}</Typography>
      )}
      {list.data && list.data.length > 0 && (
        <Box
          component="ul"
          aria-label={t('admin.information.current')}
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
        >
          {list.data.map((m) => (
            <MessageRow key={m.id} message={m} />
          ))}
        </Box>
      )}
    </Box>
  );
}
