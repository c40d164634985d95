import { Suspense, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { ApiError } from '../lib/api/api-error';
import { onSignOut } from '../lib/session/session';
import { DialogProvider } from '../ui/dialogs/dialog-provider';
import { LoadingScreen } from '../ui/loading-screen';
import { SNACKBAR_CONTAINER_CLASS, SNACKBAR_TOP_PX } from '../ui/snackbar';
import { SnackbarOkAction } from '../ui/snackbar-ok-action';
import { theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by retrying; a network blip may.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Nothing of a signed-out user stays cached.
onSignOut(() => queryClient.clear());

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <GlobalStyles
          styles={{ [`.${SNACKBAR_CONTAINER_CLASS}`]: { top: `${SNACKBAR_TOP_PX}px !important` } }}
        />
        <SnackbarProvider
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          classes={{ containerAnchorOriginTopRight: SNACKBAR_CONTAINER_CLASS }}
          maxSnack={4}
          action={(key) => <SnackbarOkAction snackbarKey={key} />}
        >
          <Suspense fallback={<LoadingScreen fullHeight />}>
            <DialogProvider>{children}</DialogProvider>
          </Suspense>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
