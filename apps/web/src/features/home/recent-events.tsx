import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import { useTranslation } from 'react-i18next';
import type { GatewayEvent } from '@atrium/contracts/gateway-events';
import { formatDateTime } from '../../lib/dates';
import { fleetEventsQuery } from './api/fleet-api';
import { eventText, isTrouble } from './event-text';
import { Section } from './section';

function EventLine({ event }: { event: GatewayEvent }) {
  const { t } = useTranslation();
  const trouble = isTrouble(event);
  const where = [event.gatewayName ?? event.mac, event.projectName ?? t('home.events.noProject')];
  const content = (
    <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start', width: '100%' }}>
      <Box sx={{ pt: 0.25, display: 'flex' }} aria-hidden>
        {trouble ? <WarningIcon color="warning" /> : <InfoIcon color="action" />}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {where.join(' · ')}
        </Typography>
        <Typography variant="body2">
          {eventText(t, event)}
          {event.user && ` — ${t('home.events.by', { user: event.user })}`}
        </Typography>
      </Box>
      <Typography
        component="time"
        dateTime={new Date(event.at).toISOString()}
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {formatDateTime(event.at)}
      </Typography>
    </Box>
  );
  return event.projectId ? (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={`/projects/${encodeURIComponent(event.projectId)}/gateway/${encodeURIComponent(event.mac)}`}
        data-testid="event-row"
      >
        {content}
      </ListItemButton>
    </ListItem>
  ) : (
    <ListItem divider data-testid="event-row">
      {content}
    </ListItem>
  );
}

/** The latest events across the caller's gateways (the gateway event history, decision 0021). */
export function RecentEvents() {
  const { t } = useTranslation();
  const query = useQuery(fleetEventsQuery());
  const message = query.isError
    ? t('home.events.unavailable')
    : query.data?.length === 0
      ? t('home.events.empty')
      : null;
  return (
    <Section id="home-events" title={t('home.events.title')}>
      {message && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {message}
        </Typography>
      )}
      {query.data && query.data.length > 0 && (
        <List disablePadding>
          {query.data.map((e) => (
            <EventLine key={e.id} event={e} />
          ))}
        </List>
      )}
    </Section>
  );
}
