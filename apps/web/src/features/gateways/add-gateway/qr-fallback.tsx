import { useState, type ChangeEvent, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import PhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { useTranslation } from 'react-i18next';
import { parseQrCode } from '@atrium/contracts/gateway';
import { notify } from '../../../ui/snackbar';
import { readImagePixels } from './qr-image-pixels';

type Gateway = { mac: string; sn: string };

/** A photo's QR code text: null when the picture cannot be read or holds no QR code. */
async function qrTextOf(file: File): Promise<string | null> {
  try {
    // zxing (about 100 kB gzipped) loads when a photo is chosen, not with the project screen.
    const [{ decodeQrPixels }, pixels] = await Promise.all([
      import('./qr-image'),
      readImagePixels(file),
    ]);
    return decodeQrPixels(pixels);
  } catch {
    return null;
  }
}

/**
 * Without a camera: a photo of the label (decoded here, nothing is sent) or the code it
 * carries pasted as text. Either gives the MAC and the serial number (spec §5 QR format).
 */
export function QrFallback({ onRead }: { onRead: (gateway: Gateway) => void }) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  const [code, setCode] = useState('');

  const accept = (text: string | null) => {
    if (text === null) return notify.warning('addGateway.qrNotFound');
    const gateway = parseQrCode(text.trim());
    if (gateway) onRead(gateway);
    else notify.warning('addGateway.qrInvalid');
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    setReading(true);
    const text = await qrTextOf(file);
    setReading(false);
    accept(text);
  };

  const paste = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (code.trim()) accept(code);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Button
        component="label"
        variant="outlined"
        disabled={reading}
        startIcon={reading ? <CircularProgress size={16} /> : <PhotoIcon />}
        sx={{ justifySelf: 'center' }}
      >
        {reading ? t('addGateway.qrReading') : t('addGateway.qrUpload')}
        <input
          hidden
          type="file"
          accept="image/*"
          data-testid="qr-photo"
          onChange={(e) => void upload(e)}
        />
      </Button>
      <Box
        component="form"
        noValidate
        onSubmit={paste}
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          gap: 1,
        }}
      >
        <TextField
          size="small"
          fullWidth
          label={t('addGateway.qrPasteLabel')}
          helperText={t('addGateway.qrPasteHint')}
          placeholder="AA:BB:CC:DD:EE:FFABCD1234"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!code.trim()}
          sx={{
            height: 40,
            flexShrink: 0,
            whiteSpace: 'nowrap',
            alignSelf: { xs: 'flex-end', sm: 'auto' },
          }}
        >
          {t('addGateway.qrUse')}
        </Button>
      </Box>
    </Box>
  );
}
