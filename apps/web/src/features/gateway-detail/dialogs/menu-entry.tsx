import type { ReactNode } from 'react';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

interface Props {
  icon: ReactNode;
  title: string;
  hint?: string;
  onClick: () => void;
  disabled?: boolean;
}

/** One choice in a dialog's first view, leading to a form or another dialog. */
export function MenuEntry({ icon, title, hint, onClick, disabled = false }: Props) {
  return (
    <ListItemButton
      onClick={onClick}
      disabled={disabled}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, mb: 1, py: 1.25 }}
    >
      <ListItemIcon sx={{ color: 'primary.main', minWidth: 44 }}>{icon}</ListItemIcon>
      <ListItemText primary={title} secondary={hint} slotProps={{ primary: { fontWeight: 600 } }} />
      <ChevronRightIcon color="action" />
    </ListItemButton>
  );
}
