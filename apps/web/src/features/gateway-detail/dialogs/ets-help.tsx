import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/** A numbered marker of the illustration, matching the steps below it. */
function Marker({ x, y, n }: { x: number; y: number; n: number }) {
  const theme = useTheme();
  return (
    <g>
      <circle cx={x} cy={y} r={11} fill={theme.palette.secondary.main} />
      <text x={x} y={y + 4} textAnchor="middle" fontSize={12} fontWeight={700} fill="#fff">
        {n}
      </text>
    </g>
  );
}

/**
 * Where server and port go in ETS (spec §2, the ETS dialog's help image): a drawing of ETS's
 * Interfaces panel rather than a screenshot, so that it follows the console's language.
 */
function EtsIllustration() {
  const { t } = useTranslation();
  const { palette } = useTheme();
  const line = palette.divider;
  const text = palette.text.primary;
  const muted = palette.text.secondary;
  const accent = palette.primary.main;
  const field = (y: number, label: string, value: string) => (
    <g>
      <text x={250} y={y} fontSize={12} fill={muted}>
        {label}
      </text>
      <rect x={340} y={y - 14} width={180} height={22} rx={3} fill="none" stroke={accent} />
      <text x={348} y={y + 1} fontSize={12} fill={text} fontFamily="monospace">
        {value}
      </text>
    </g>
  );
  return (
    <Box
      component="svg"
      viewBox="0 0 560 250"
      role="img"
      aria-label={t('gatewayDetail.ets.helpImage')}
      sx={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <rect
        x={1}
        y={1}
        width={558}
        height={248}
        rx={8}
        fill={palette.background.paper}
        stroke={line}
      />
      <rect x={1} y={1} width={558} height={30} rx={8} fill={palette.action.hover} />
      <text x={16} y={21} fontSize={13} fontWeight={700} fill={text}>
        ETS
      </text>
      <rect x={14} y={44} width={200} height={28} rx={4} fill={palette.action.selected} />
      <text x={26} y={63} fontSize={13} fontWeight={600} fill={text}>
        {t('gatewayDetail.ets.helpInterfaces')}
      </text>
      <rect x={26} y={86} width={110} height={28} rx={4} fill={accent} />
      <text x={81} y={105} fontSize={12} fontWeight={600} fill="#fff" textAnchor="middle">
        + {t('gatewayDetail.ets.helpAdd')}
      </text>
      <line x1={230} y1={40} x2={230} y2={236} stroke={line} />
      {field(70, t('gatewayDetail.ets.helpType'), 'KNXnet/IP TCP')}
      {field(120, t('gatewayDetail.ets.server'), 'ets.example.net')}
      {field(170, t('gatewayDetail.ets.port'), '40123')}
      <Marker x={14} y={44} n={1} />
      <Marker x={26} y={86} n={2} />
      <Marker x={340} y={56} n={3} />
      <Marker x={340} y={106} n={4} />
    </Box>
  );
}

/** The help overlay of the ETS dialog: the illustration and its steps. */
export function EtsHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const steps = [
    t('gatewayDetail.ets.helpStep1'),
    t('gatewayDetail.ets.helpStep2'),
    t('gatewayDetail.ets.helpStep3'),
    t('gatewayDetail.ets.helpStep4'),
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 640, maxWidth: '94vw' } } }}
    >
      <DialogTitle id={titleId}>{t('gatewayDetail.ets.helpTitle')}</DialogTitle>
      <DialogContent>
        <EtsIllustration />
        <Box component="ol" sx={{ pl: 3, mb: 0, display: 'grid', gap: 0.5 }}>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('dialog.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
