import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import NoPhotographyIcon from '@mui/icons-material/NoPhotographyOutlined';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { useTranslation } from 'react-i18next';
import { parseQrCode } from '@atrium/contracts/gateway';
import { notify } from '../../../ui/snackbar';
import { QrFallback } from './qr-fallback';

type CameraState = 'starting' | 'scanning' | 'none' | 'read';

interface Props {
  onScanned: (gateway: { mac: string; sn: string }) => void;
  /** Without a camera: a photo or a pasted code gave the MAC and serial number, to check. */
  onRead: (gateway: { mac: string; sn: string }) => void;
}

/** Reads the gateway's QR code with the camera (MAC then serial number, spec §5). */
export function QrScanner({ onScanned, onRead }: Props) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  // Each scan runs until one code is read; "scan again" starts a new run.
  const [run, setRun] = useState(0);
  const latest = useRef(onScanned);
  useEffect(() => {
    latest.current = onScanned;
  }, [onScanned]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    let lastInvalid = '';
    let read = false;
    const start = async () => {
      // Loaded on demand: the QR library is only needed while this step shows.
      const { BrowserQRCodeReader } = await import('@zxing/browser');
      const devices = await BrowserQRCodeReader.listVideoInputDevices().catch(() => []);
      if (cancelled) return;
      if (devices.length === 0 || !video.current) {
        setState('none');
        notify.warning('CameraNotFound');
        return;
      }
      notify.success('cameraFound');
      const reader = new BrowserQRCodeReader();
      const controls = await reader.decodeFromConstraints(
        { video: { facingMode: 'environment' } },
        video.current,
        // The reader's own controls: the first frame may decode before this call resolves.
        (result, _error, scan) => {
          if (!result) return;
          const text = result.getText();
          const gateway = parseQrCode(text);
          if (gateway) {
            read = true;
            scan.stop();
            setState('read');
            latest.current(gateway);
          } else if (text !== lastInvalid) {
            lastInvalid = text;
            notify.warning('addGateway.qrInvalid');
          }
        },
      );
      if (cancelled) controls.stop();
      else if (!read) {
        stop = () => controls.stop();
        setState('scanning');
      }
    };
    start().catch(() => {
      if (cancelled) return;
      setState('none');
      notify.warning('CameraNotFound');
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [run]);

  return (
    <>
      <Box
        sx={{
          position: 'relative',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'grey.900',
          aspectRatio: '4 / 3',
          maxHeight: 320,
          mx: 'auto',
          width: '100%',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          aria-label={t('addGateway.qrVideo')}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            visibility: state === 'scanning' ? 'visible' : 'hidden',
          }}
        />
        {state === 'starting' && <CircularProgress sx={{ color: 'common.white' }} />}
        {state === 'none' && (
          <Box sx={{ textAlign: 'center', color: 'grey.300', p: 3 }}>
            <NoPhotographyIcon sx={{ fontSize: 40, mb: 1 }} />
            <Typography>{t('CameraNotFound')}</Typography>
            <Typography variant="body2" sx={{ color: 'grey.500', mt: 0.5 }}>
              {t('addGateway.qrFallback')}
            </Typography>
          </Box>
        )}
        {state === 'read' && (
          <Box sx={{ textAlign: 'center', color: 'grey.300', p: 3 }}>
            <QrCodeIcon sx={{ fontSize: 40, mb: 1 }} />
            <Typography sx={{ mb: 2 }}>{t('addGateway.qrRead')}</Typography>
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => {
                setState('starting');
                setRun((r) => r + 1);
              }}
            >
              {t('addGateway.qrAgain')}
            </Button>
          </Box>
        )}
        {state === 'scanning' && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              width: '55%',
              aspectRatio: '1',
              border: '3px solid',
              borderColor: 'secondary.main',
              borderRadius: 2,
              boxShadow: '0 0 0 9999px rgba(0,0,0,0.35)',
            }}
          />
        )}
      </Box>
      {state === 'none' && <QrFallback onRead={onRead} />}
    </>
  );
}
