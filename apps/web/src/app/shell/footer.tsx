import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LINKS } from '../../config/env';

const linkSx = { color: 'text.secondary', fontSize: 14, '&:hover': { color: 'primary.main' } };

export function Footer() {
  const { t } = useTranslation();
  const external = { target: '_blank', rel: 'noopener noreferrer', underline: 'none' } as const;
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 2.5, mt: 4 }}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
        }}
      >
        <Box
          component="nav"
          aria-label={t('footer.label')}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            columnGap: 3,
            rowGap: 1,
          }}
        >
          <Link href={LINKS.company} {...external} sx={linkSx}>
            {t('footer.company')}
          </Link>
          <Link href={LINKS.docs} {...external} sx={linkSx}>
            {t('footer.documentation')}
          </Link>
          <Link href={`mailto:${LINKS.supportEmail}`} underline="none" sx={linkSx}>
            {t('footer.support')}
          </Link>
          <Link href={LINKS.legal} {...external} sx={linkSx}>
            {t('footer.legal')}
          </Link>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: 13 }}>
          {t('footer.copyright')}
        </Typography>
      </Container>
    </Box>
  );
}
