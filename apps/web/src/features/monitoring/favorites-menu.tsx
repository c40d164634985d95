import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/BookmarkAddOutlined';
import StarIcon from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import type { Favorite } from '@atrium/contracts/graph';

interface Props {
  favorites: Favorite[];
  canEdit: boolean;
  onApply: (favorite: Favorite) => void;
  onSave: () => void;
  onRemove: (name: string) => void;
}

/** Favorites: apply one, save the selection under a name, remove one (owners only). */
export function FavoritesMenu({ favorites, canEdit, onApply, onSave, onRemove }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<StarIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        sx={{ flex: '0 0 auto', height: 40 }}
      >
        {t('monitoring.favorites.title')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 420 } } }}
      >
        {favorites.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{t('monitoring.favorites.empty')}</ListItemText>
          </MenuItem>
        )}
        {favorites.map((f) => (
          <MenuItem
            key={f.name}
            onClick={() => {
              close();
              onApply(f);
            }}
          >
            <ListItemText
              primary={f.name}
              secondary={f.display}
              slotProps={{ secondary: { noWrap: true } }}
            />
            {canEdit && (
              <IconButton
                size="small"
                edge="end"
                sx={{ ml: 1 }}
                aria-label={t('monitoring.favorites.removeNamed', { name: f.name })}
                onClick={(e) => {
                  e.stopPropagation();
                  close();
                  onRemove(f.name);
                }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </MenuItem>
        ))}
        {canEdit && <Divider />}
        {canEdit && (
          <MenuItem
            onClick={() => {
              close();
              onSave();
            }}
          >
            <ListItemIcon>
              <SaveIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('monitoring.favorites.save')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
