import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n/i18n';
import { MENU_LANGUAGES } from '../lib/i18n/language';

interface Props {
  anchor: HTMLElement | null;
  current: string;
  onClose: () => void;
}

/** The menu of the language switch (its own chunk: loaded when the switch is first opened). */
export function LanguageList({ anchor, current, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {MENU_LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          selected={language === current}
          onClick={() => {
            onClose();
            void changeLanguage(language);
          }}
        >
          <ListItemIcon>{language === current && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{t(`language.${language}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
