import { screen, waitFor } from '@testing-library/react';

const matches = (element: HTMLElement, text: string | RegExp) =>
  typeof text === 'string' ? element.textContent.includes(text) : text.test(element.textContent);

// `hidden: true`: while a MUI dialog is open, it marks everything outside it aria-hidden,
// the snackbars too (they render inside the app's root, not in a portal).
const alerts = () => screen.queryAllByRole('alert', { hidden: true });

/**
 * Waits for the notistack snackbar showing this text (an `alert`) and gives its variant,
 * read from notistack's `notistack-MuiContent-{variant}` class.
 */
export async function findSnackbar(text: string | RegExp) {
  const element = await waitFor(() => {
    const found = alerts().find((alert) => matches(alert, text));
    if (!found)
      throw new Error(`No snackbar with ${String(text)}; shown: ${snackbarTexts().join(' | ')}`);
    return found;
  });
  const variant = /notistack-MuiContent-(\w+)/.exec(element.className)?.[1] ?? 'default';
  return { element, variant };
}

/** The texts of every alert on screen, snackbars included. */
export const snackbarTexts = (): string[] => alerts().map((alert) => alert.textContent);
