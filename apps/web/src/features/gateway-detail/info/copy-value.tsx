import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { notify } from '../../../ui/snackbar';

interface Props {
  value: string;
  /** What is copied, for the button's label ("l'adresse MAC"). */
  label: string;
  children?: React.ReactNode;
}

/** A monospace value with a copy button; says `addressCopied` (spec §8). */
export function CopyValue({ value, label, children }: Props) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(value)) notify.success('addressCopied');
    else notify.error();
  };
  const buttonLabel = t('gatewayDetail.info.copy', { label });
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: { xs: 13, sm: 14 } }}>
        {value}
      </Typography>
      <Tooltip title={buttonLabel}>
        <IconButton size="small" aria-label={buttonLabel} onClick={() => void copy()}>
          <ContentCopyIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
      {children}
    </Box>
  );
}
