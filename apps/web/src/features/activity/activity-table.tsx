import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry } from '@atrium/contracts/activity';
import { formatDateTime } from '../../lib/dates';
import { activityNote, activitySentence } from './activity-format';
import { ActivityTarget } from './activity-target';

/** What happened, with the browser of a new sign-in under it. */
function What({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const note = activityNote(entry);
  return (
    <>
      <Typography variant="body2">{activitySentence(entry, t)}</Typography>
      {note && (
        <Typography
          variant="caption"
          color="text.secondary"
          title={note.title}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {note.text}
        </Typography>
      )}
    </>
  );
}

/** Narrow screens: one block per entry, the date and actor above what was done. */
function EntryCard({ entry }: { entry: ActivityEntry }) {
  return (
    <Box
      component="li"
      sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {formatDateTime(entry.at)} · {entry.actor}
      </Typography>
      <Box>
        <What entry={entry} />
      </Box>
      <ActivityTarget entry={entry} />
    </Box>
  );
}

/** The log: a table, or stacked rows on narrow screens. */
export function ActivityTable({ entries }: { entries: readonly ActivityEntry[] }) {
  const { t } = useTranslation();
  // Under 900 px the four columns squeeze the e-mails letter by letter: stacked rows instead.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  if (narrow) {
    return (
      <Paper variant="outlined">
        <Box
          component="ul"
          aria-label={t('activity.title')}
          sx={{ m: 0, p: 0, listStyle: 'none', '& > li:last-of-type': { borderBottom: 0 } }}
        >
          {entries.map((e) => (
            <EntryCard key={e.id} entry={e} />
          ))}
        </Box>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('activity.title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 170 }}>{t('activity.column.at')}</TableCell>
            <TableCell sx={{ width: '24%' }}>{t('activity.column.actor')}</TableCell>
            <TableCell>{t('activity.column.action')}</TableCell>
            <TableCell sx={{ width: '24%' }}>{t('activity.column.target')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id} hover sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTime(e.at)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.actor}</TableCell>
              <TableCell>
                <What entry={e} />
              </TableCell>
              <TableCell>
                <ActivityTarget entry={e} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
