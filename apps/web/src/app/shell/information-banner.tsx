import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { messagesReply, type InformationMessage } from '@atrium/contracts/information';
import { api } from '../../lib/api/client';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { local, STORAGE_KEYS } from '../../lib/storage';

/** Information messages posted by administrators: read once per 5 minutes. */
export const informationMessagesQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.informationMessages,
    queryFn: ({ signal }) => api.get('/api/information/message', { schema: messagesReply, signal }),
    staleTime: 5 * 60_000,
  });

const SEVERITIES: Record<string, AlertColor> = {
  info: 'info',
  blue: 'info',
  success: 'success',
  green: 'success',
  warning: 'warning',
  orange: 'warning',
  error: 'error',
  red: 'error',
};

type Dismissed = Record<string, string[]>;

/** Dismissed message ids per user, in this browser (decision 0027). */
function readDismissed(): Dismissed {
  try {
    const v: unknown = JSON.parse(local.get(STORAGE_KEYS.dismissedMessages) ?? '{}');
    return typeof v === 'object' && v !== null ? (v as Dismissed) : {};
  } catch {
    return {};
  }
}

function writeDismissed(all: Dismissed) {
  local.set(STORAGE_KEYS.dismissedMessages, JSON.stringify(all));
}

/** Text in the console's language: English when given, else the French text. */
export function messageText(m: InformationMessage, language: string): string {
  return language.startsWith('en') && m.textEn ? m.textEn : m.text;
}

/**
 * The administrators' information messages above every signed-in page, until the user
 * dismisses each one (remembered per user in this browser); expired ones are left out by
 * the server and, for a page left open, here too.
 */
export function InformationBanner({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { data } = useQuery(informationMessagesQuery());
  const [dismissed, setDismissed] = useState<string[]>(() => readDismissed()[userId] ?? []);
  const now = Date.now();
  const shown = (data?.messages ?? []).filter(
    (m) => !dismissed.includes(m.id) && (m.expiresAt === null || m.expiresAt > now),
  );
  if (shown.length === 0) return null;

  const dismiss = (id: string) => {
    const all = readDismissed();
    const live = new Set((data?.messages ?? []).map((m) => m.id));
    // Forget ids of messages that no longer exist so the stored list stays small.
    const mine = [...(all[userId] ?? []).filter((d) => live.has(d)), id];
    writeDismissed({ ...all, [userId]: mine });
    setDismissed(mine);
  };

  return (
    <Stack component="section" aria-label={t('information.region')} spacing={1} sx={{ mb: 2 }}>
      {shown.map((m) => {
        const severity = SEVERITIES[m.color.toLowerCase()];
        const custom = severity
          ? undefined
          : { bgcolor: m.color, color: theme.palette.getContrastText(m.color) };
        return (
          <Alert
            key={m.id}
            severity={severity ?? 'info'}
            variant={severity ? 'standard' : 'filled'}
            sx={
              custom
                ? { ...custom, '& .MuiAlert-icon, & .MuiAlert-action': { color: 'inherit' } }
                : undefined
            }
            onClose={() => dismiss(m.id)}
            slotProps={{
              closeButton: {
                title: t('information.dismiss'),
                'aria-label': t('information.dismiss'),
              },
            }}
            lang={messageText(m, i18n.language) === m.text ? 'fr' : 'en'}
          >
            {messageText(m, i18n.language)}
          </Alert>
        );
      })}
    </Stack>
  );
}
