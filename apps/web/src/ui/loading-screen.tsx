import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a route's code or the translations load. No text: i18n may not be ready. */
export function LoadingScreen({ fullHeight = false }: { fullHeight?: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: fullHeight ? '100vh' : 240,
      }}
      role="progressbar"
      aria-busy="true"
    >
      <CircularProgress />
    </Box>
  );
}
