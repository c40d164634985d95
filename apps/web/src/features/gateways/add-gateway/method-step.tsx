import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import type { AddMethod } from './add-gateway-plan';
import { ManualEntryForm } from './manual-entry-form';
import { QrScanner } from './qr-scanner';

interface Props {
  busy: boolean;
  onIdentified: (gateway: { mac: string; sn: string }) => void;
  onDemo: () => void;
}

function MethodCard(props: {
  selected: boolean;
  icon: ReactNode;
  label: string;
  onClick: () => void;
}) {
  return (
    <ButtonBase
      onClick={props.onClick}
      aria-pressed={props.selected}
      sx={{
        flex: 1,
        minWidth: 0,
        flexDirection: 'column',
        gap: 0.75,
        p: { xs: 1, sm: 1.5 },
        borderRadius: 2,
        border: '1.5px solid',
        borderColor: props.selected ? 'primary.main' : 'divider',
        bgcolor: (theme) =>
          props.selected ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
        color: props.selected ? 'primary.main' : 'text.secondary',
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': { borderColor: 'primary.light' },
      }}
    >
      {props.icon}
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'center' }}>
        {props.label}
      </Typography>
    </ButtonBase>
  );
}

/** Step 1: scan the QR code, type MAC and serial number, or add a demo gateway. */
export function MethodStep({ busy, onIdentified, onDemo }: Props) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<AddMethod>('manual');
  // MAC and serial read from a photo or a pasted code: the manual form, filled, to check.
  const [read, setRead] = useState<{ mac: string; sn: string } | null>(null);
  const methods: { id: AddMethod; icon: ReactNode }[] = [
    { id: 'qr', icon: <QrCodeScannerIcon /> },
    { id: 'manual', icon: <KeyboardIcon /> },
    { id: 'demo', icon: <ScienceIcon /> },
  ];
  return (
    <Box>
      <Box
        role="group"
        aria-label={t('addGateway.steps.method')}
        sx={{ display: 'flex', gap: 1.5, mb: 2.5 }}
      >
        {methods.map((m) => (
          <MethodCard
            key={m.id}
            selected={method === m.id}
            icon={m.icon}
            label={t(`addGateway.methods.${m.id}`)}
            onClick={() => {
              setMethod(m.id);
              setRead(null);
            }}
          />
        ))}
      </Box>
      {method === 'qr' && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('addGateway.qrHint')}
          </Typography>
          <QrScanner
            onScanned={onIdentified}
            onRead={(gateway) => {
              setRead(gateway);
              setMethod('manual');
            }}
          />
        </>
      )}
      {method === 'manual' && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t(read ? 'addGateway.qrFilled' : 'addGateway.manualHint')}
          </Typography>
          <ManualEntryForm busy={busy} initial={read} onSubmit={onIdentified} />
        </>
      )}
      {method === 'demo' && (
        <Box sx={{ textAlign: 'center', py: 1 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('addGateway.demoHint')}
          </Typography>
          <Button
            variant="contained"
            onClick={onDemo}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <ScienceIcon />}
          >
            {t('addGateway.demoAdd')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
