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

/**
 * Each state has its own shape too, so that colour is not its only carrier (WCAG 1.4.1):
 * a full disc when all is well, a diamond for a warning, a square for an error, a ring when
 * there is nothing to tell.
 */
const SHAPES: Record<DotColor, Record<string, string | number>> = {
  success: { borderRadius: '50%' },
  warning: { borderRadius: '1px', transform: 'rotate(45deg) scale(0.85)' },
  error: { borderRadius: '1px' },
  disabled: { borderRadius: '50%', bgcolor: 'transparent', border: 2, borderColor: 'grey.500' },
};

/** A coloured, shaped dot with its meaning as text (visually hidden when compact). */
export function StatusDot({ color, label, compact = false }: Props) {
  return (
    <Box
      sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
      // Compact, the text is for screen readers only: the pointer shows it too.
      title={compact ? label : undefined}
    >
      <Box
        component="span"
        aria-hidden
        data-shape={color}
        sx={{
          width: 10,
          height: 10,
          flexShrink: 0,
          boxSizing: 'border-box',
          bgcolor: COLORS[color],
          boxShadow: (theme) =>
            `0 0 0 3px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.divider}`,
          ...SHAPES[color],
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
