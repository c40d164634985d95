import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import { useTranslation } from 'react-i18next';
import { canAddProject } from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';

/** What a newcomer does next: no project yet, or projects without a gateway. */
export function HomeEmpty({ noProject }: { noProject: boolean }) {
  const { t } = useTranslation();
  const user = useSession();
  const creator = user ? canAddProject(user.rank) : false;
  const text = !noProject
    ? t('home.empty.noGateway')
    : creator
      ? t('home.empty.noProject')
      : t('home.empty.noProjectViewer');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="home-empty">
      {noProject && (
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('home.empty.welcome')}
        </Typography>
      )}
      <Typography sx={{ mb: 2, maxWidth: 720 }}>{text}</Typography>
      {(creator || !noProject) && (
        <Button
          component={RouterLink}
          to="/projects/list"
          variant="contained"
          startIcon={<FolderIcon />}
        >
          {noProject ? t('home.empty.createProject') : t('home.empty.openProjects')}
        </Button>
      )}
    </Paper>
  );
}
