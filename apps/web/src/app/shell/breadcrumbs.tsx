import { Link as RouterLink, useLocation } from 'react-router';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { useTranslation } from 'react-i18next';
import { breadcrumbTrail } from './breadcrumb-trail';

/** Follows every navigation (spec §2). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname);
  if (trail.length === 0) return null;
  return (
    <MuiBreadcrumbs
      aria-label={t('breadcrumb.label')}
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{ mb: 2, fontSize: 14 }}
    >
      {trail.map((crumb) =>
        crumb.to ? (
          <Link
            key={crumb.labelKey}
            component={RouterLink}
            to={crumb.to}
            underline="hover"
            color="text.secondary"
          >
            {t(crumb.labelKey)}
          </Link>
        ) : (
          <Typography
            key={crumb.labelKey}
            color="text.primary"
            sx={{ fontSize: 14, fontWeight: 600 }}
          >
            {t(crumb.labelKey)}
          </Typography>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
