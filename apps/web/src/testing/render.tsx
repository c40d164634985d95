import type { ReactElement } from 'react';
import { render, renderHook } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, createWrapper, type ProviderOptions } from './providers';

/** Renders a component inside the app's providers; returns RTL's result, a user and the client. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup({ delay: null });
  const result = render(ui, { wrapper: createWrapper(queryClient, options) });
  return { ...result, user, queryClient };
}

/** Runs a hook inside the app's providers (its dialogs and snackbars land in the DOM). */
export function renderHookWithProviders<T>(hook: () => T, options: ProviderOptions = {}) {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup({ delay: null });
  const result = renderHook(hook, { wrapper: createWrapper(queryClient, options) });
  return { ...result, user, queryClient };
}
