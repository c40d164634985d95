import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Title and subtitle at the top of a welcome card. */
export function CardHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  useEffect(() => {
    document.title = `${title} · Atrium Cloud`;
  }, [title]);
  return (
    <Box sx={{ mb: 3, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
