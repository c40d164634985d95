import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';

// The menu (MUI Menu, Popover, Modal) is not part of the sign-in page's first load (issue 16).
const LanguageList = lazy(() =>
  import('./language-list').then((module) => ({ default: module.LanguageList })),
);

interface Props {
  /** Button colour: inherit in the top bar, primary on light pages. */
  color?: 'inherit' | 'primary';
}

/** French / English switch, saved in localStorage `lang`. */
export function LanguageMenu({ color = 'inherit' }: Props) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that closing animates.
  const [opened, setOpened] = useState(false);
  const current = i18n.resolvedLanguage ?? i18n.language;

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        // The visible code (FR, EN) is part of the name (WCAG 2.5.3, label in name).
        aria-label={`${t('shell.language')} ${current.toUpperCase()}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        sx={{ minWidth: 0, fontWeight: 600 }}
      >
        {current.toUpperCase()}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageList anchor={anchor} current={current} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
