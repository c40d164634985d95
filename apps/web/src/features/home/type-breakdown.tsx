import { Link as RouterLink } from 'react-router';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FleetTypeCount } from '@atrium/contracts/fleet';
import { projectsListUrl } from './projects-link';
import { Section } from './section';

/** Gateways per type: how many, online, outdated; each links to the list filtered by type. */
export function TypeBreakdown({ types }: { types: FleetTypeCount[] }) {
  const { t } = useTranslation();
  return (
    <Section id="home-by-type" title={t('home.byType.title')}>
      {types.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('home.byType.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {types.map((row) => (
            <ListItem key={row.type} disablePadding divider>
              <ListItemButton
                component={RouterLink}
                to={projectsListUrl({ types: [row.type] })}
                data-testid={`type-${row.type}`}
              >
                <ListItemText
                  primary={t(`gatewayType.${row.type}`)}
                  secondary={[
                    t('home.byType.gateways', { count: row.total }),
                    t('home.byType.online', { count: row.online }),
                    row.outdated > 0
                      ? t('home.byType.outdated', { count: row.outdated })
                      : t('home.byType.upToDate'),
                  ].join(' · ')}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}
