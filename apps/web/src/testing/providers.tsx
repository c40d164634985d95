import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { DialogProvider } from '../ui/dialogs/dialog-provider';
import { initTestI18n } from './i18n';

initTestI18n();

export interface ProviderOptions {
  /** Wraps in a MemoryRouter at this path (for components that link or read the route). */
  route?: string;
}

/** A QueryClient per test: no retries, nothing kept between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** The app's providers (src/app/providers.tsx) around a component or hook under test. */
export function createWrapper(client: QueryClient, options: ProviderOptions = {}) {
  return function TestProviders({ children }: { children: ReactNode }) {
    const tree = (
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={client}>
          <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} maxSnack={4}>
            <DialogProvider>{children}</DialogProvider>
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    );
    return options.route ? (
      <MemoryRouter initialEntries={[options.route]}>{tree}</MemoryRouter>
    ) : (
      tree
    );
  };
}
