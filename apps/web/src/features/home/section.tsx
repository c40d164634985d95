import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface Props {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}

/** A titled panel of the home page, labelled by its heading. */
export function Section({ id, title, hint, children }: Props) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ overflow: 'hidden' }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={id} variant="h6" component="h2" sx={{ fontSize: 17 }}>
          {title}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
      {children}
    </Paper>
  );
}
