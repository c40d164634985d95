import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

interface Props {
  /** Message key of the page title. */
  titleKey: string;
  /** Shows the back arrow to the projects list. */
  back?: boolean;
  /** Extra line under the title, e.g. the selected id. */
  subtitle?: string;
}

/** The translated "coming soon" panel of a screen that is not built yet. */
export function ComingSoonPanel() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 4, sm: 6 },
        textAlign: 'center',
        borderStyle: 'dashed',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        sx={{
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1),
          color: 'primary.main',
        }}
      >
        <ConstructionIcon fontSize="large" />
      </Box>
      <Typography variant="h6" component="p" gutterBottom>
        {t('app.comingSoon')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto' }}>
        {t('app.comingSoonHint')}
      </Typography>
    </Paper>
  );
}

/** A screen that is not built yet: title, then a translated "coming soon" panel. */
export function PlaceholderPage({ titleKey, back = true, subtitle }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} subtitle={subtitle} back={back} />
      <ComingSoonPanel />
    </>
  );
}
