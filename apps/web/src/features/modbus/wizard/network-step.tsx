import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LanIcon from '@mui/icons-material/LanOutlined';
import { useTranslation } from 'react-i18next';

interface Props {
  onNewNetwork: () => void;
  onNext: () => void;
}

/** Step 1 (document 3 §2): where the meters are, a New network button and Next. */
export function NetworkStep({ onNewNetwork, onNext }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <LanIcon color="primary" sx={{ fontSize: 40, display: { xs: 'none', sm: 'block' } }} />
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('modbus.wizard.networkTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
            {t('modbus.wizard.networkHint')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={onNewNetwork}>
          {t('modbus.wizard.newNetwork')}
        </Button>
        <Button variant="contained" onClick={onNext}>
          {t('modbus.wizard.next')}
        </Button>
      </Box>
    </Paper>
  );
}
