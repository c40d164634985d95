import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface Props {
  /** Height of the mark in pixels. */
  size?: number;
  /** Shows "Atrium" beside the mark. */
  withName?: boolean;
  /** Text colour of the name. */
  color?: string;
}

/** The Atrium mark: a roof-shaped "A" with a connected node. */
export function Logo({ size = 32, withName = true, color = 'inherit' }: Props) {
  // Unique per instance: a gradient inside a hidden <svg> would blank every other user of its id.
  const gradientId = useId();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#2f7de1" />
            <stop offset="1" stopColor="#1b4f9c" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        <path
          d="M8 23.5 16 8.5l8 15"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M11.6 18.5h8.8" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="16" cy="8.5" r="2.6" fill="#f5a623" />
      </svg>
      {withName && (
        <Typography
          component="span"
          sx={{ fontWeight: 700, fontSize: size * 0.62, letterSpacing: '-0.02em', color }}
        >
          Atrium
        </Typography>
      )}
    </Box>
  );
}
