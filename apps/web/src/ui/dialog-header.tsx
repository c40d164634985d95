import Box from '@mui/material/Box';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';

interface Props {
  id: string;
  title: string;
  subtitle?: string;
  onClose: () => void;
}

/** Title, the project it concerns, and a close button. */
export function DialogHeader({ id, title, subtitle, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <DialogTitle id={id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, pr: 1.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {title}
        {subtitle && (
          <Typography color="text.secondary" sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      <IconButton aria-label={t('dialog.close')} onClick={onClose} sx={{ mt: -0.5 }}>
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}
