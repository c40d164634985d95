import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { VISUALLY_HIDDEN } from './visually-hidden';

export type DotColor = 'success' | 'warning' | 'error' | 'disabled';

const COLORS: Record<DotColor, string> = {
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  disabled: 'grey.400',
};

interface Props {
  color: DotColor;
  label: string;
  /** Hides the text (kept for screen readers), e.g. in narrow tables. */
  compact?: boolean;
}

/** A coloured dot with its meaning as text. */
export function StatusDot({ color, label, compact = false }: Props) {
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: COLORS[color],
          boxShadow: (theme) =>
            `0 0 0 3px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.divider}`,
        }}
      />
      <Typography
        variant="body2"
        component="span"
        sx={compact ? VISUALLY_HIDDEN : { whiteSpace: 'nowrap' }}
      >
        {label}
      </Typography>
    </Box>
  );
}
