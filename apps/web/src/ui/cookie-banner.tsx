import { useLayoutEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import CookieIcon from '@mui/icons-material/CookieOutlined';
import { useTranslation } from 'react-i18next';
import { local, STORAGE_KEYS } from '../lib/storage';
import { COOKIE_BANNER_HEIGHT_VAR } from './cookie-banner-space';

const ACCEPTED = 'true';

/** Cookie consent, in French whatever the language (spec §2); remembered in localStorage. */
export function CookieBanner() {
  const { i18n } = useTranslation();
  const [accepted, setAccepted] = useState(
    () => local.get(STORAGE_KEYS.cookieConsent) === ACCEPTED,
  );
  const t = i18n.getFixedT('fr');
  const paper = useRef<HTMLDivElement>(null);

  // Layouts pad their bottom by this, so the banner never hides the end of a form.
  useLayoutEffect(() => {
    const element = paper.current;
    if (accepted || !element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty(COOKIE_BANNER_HEIGHT_VAR, `${element.offsetHeight + 24}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(COOKIE_BANNER_HEIGHT_VAR);
    };
  }, [accepted]);

  const accept = () => {
    local.set(STORAGE_KEYS.cookieConsent, ACCEPTED);
    setAccepted(true);
  };

  return (
    <>
      <Slide direction="up" in={!accepted} mountOnEnter unmountOnExit>
        <Paper
          ref={paper}
          role="region"
          aria-label={t('cookieConsent.title')}
          lang="fr"
          elevation={8}
          sx={{
            position: 'fixed',
            zIndex: (theme) => theme.zIndex.snackbar - 1,
            left: { xs: 12, sm: 24 },
            right: { xs: 12, sm: 'auto' },
            bottom: { xs: 12, sm: 24 },
            maxWidth: { sm: 520 },
            p: 2.5,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            gap: 2,
          }}
        >
          <CookieIcon
            color="secondary"
            sx={{ display: { xs: 'none', sm: 'block' }, fontSize: 36 }}
          />
          <Typography variant="body2" sx={{ flex: 1 }}>
            {t('cookieConsent.message')}
          </Typography>
          <Button variant="contained" onClick={accept} sx={{ flexShrink: 0 }}>
            {t('cookieConsent.accept')}
          </Button>
        </Paper>
      </Slide>
    </>
  );
}
