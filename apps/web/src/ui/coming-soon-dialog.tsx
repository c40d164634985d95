import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Translated title: the dialog this stands in for. */
  title: string;
  /** Extra line, e.g. the project it was opened for. */
  subtitle?: string;
  onClose: () => void;
}

/** Stands in for a dialog whose feature the console does not offer yet. */
export function ComingSoonDialog({ title, subtitle, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="coming-soon-title"
      slotProps={{ paper: { sx: { width: 575, maxWidth: '90vw' } } }}
    >
      <DialogTitle id="coming-soon-title">{title}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center', pb: 1 }}>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        <Box
          sx={{
            width: 56,
            height: 56,
            mx: 'auto',
            mb: 1.5,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1),
            color: 'primary.main',
          }}
        >
          <ConstructionIcon />
        </Box>
        <Typography variant="h6" component="p">
          {t('app.comingSoon')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 420, mx: 'auto', mt: 0.5 }}>
          {t('app.comingSoonHint')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('dialog.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
