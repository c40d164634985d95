import { Link as RouterLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ListItemIcon from '@mui/material/ListItemIcon';
import { useTranslation } from 'react-i18next';
import type { DashboardListReply } from '@atrium/contracts/dashboards';

/** The project's dashboards, the one open highlighted, and the way to a new one. */
export function DashboardList({
  projectId,
  reply,
  current,
}: {
  projectId: string;
  reply: DashboardListReply | undefined;
  current: string | undefined;
}) {
  const { t } = useTranslation();
  const base = `/chartnx-generator/${encodeURIComponent(projectId)}`;
  return (
    <Paper variant="outlined" component="nav" aria-label={t('dashboards.list')}>
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
        {t('dashboards.list')}
        {reply && reply.limit !== null && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {t('dashboards.count', { count: reply.dashboards.length, limit: reply.limit })}
          </Typography>
        )}
      </Typography>
      <List dense component="div">
        {reply?.dashboards.map((d) => (
          <ListItemButton
            key={d._id}
            component={RouterLink}
            to={`${base}/${encodeURIComponent(d._id)}`}
            selected={d._id === current}
          >
            <ListItemText
              primary={d.name}
              secondary={t('dashboards.summary', {
                count: d.form.widgets.length,
                links: d.shares.length,
              })}
            />
          </ListItemButton>
        ))}
        {reply && reply.dashboards.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
            {t('dashboards.none')}
          </Typography>
        )}
        <ListItemButton component={RouterLink} to={base} selected={current === undefined}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('dashboards.new')} />
        </ListItemButton>
      </List>
    </Paper>
  );
}
