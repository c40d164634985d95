import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface Props {
  icon: ReactNode;
  title: string;
  /** One line under the title: the current state. */
  status: ReactNode;
  /** Buttons on the right (below on phones). */
  action?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

/** One part of the monitoring dialog: what it is, its state, and what can be done. */
export function SectionCard({ icon, title, status, action, children, testId }: Props) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>{icon}</Box>
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          <Typography component="div" variant="body2" color="text.secondary">
            {status}
          </Typography>
        </Box>
        {action && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: { xs: 4.5, sm: 0 } }}>
            {action}
          </Box>
        )}
      </Box>
      {children}
    </Paper>
  );
}
