// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InformationMessage } from '@atrium/contracts/information';
import { stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { InformationBanner } from './information-banner';

const message = (over: Partial<InformationMessage>): InformationMessage => ({
  id: 'm1',
  color: 'warning',
  text: 'Maintenance ce soir',
  textEn: 'Maintenance tonight',
  expiresAt: null,
  ...over,
});

beforeEach(() => localStorage.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('InformationBanner', () => {
  it('shows the messages in the console language until each user dismisses them', async () => {
    stubFetch({
      'GET /api/information/message': {
        body: {
          messages: [
            message({}),
            message({ id: 'm2', color: '#1565c0', text: 'Nouvelle version', textEn: null }),
            message({ id: 'm3', text: 'Expiré', expiresAt: Date.now() - 1000 }),
          ],
        },
      },
    });
    const first = renderWithProviders(<InformationBanner userId="u1" />);
    expect(await screen.findByText('Maintenance ce soir')).toBeTruthy();
    expect(screen.getByText('Nouvelle version')).toBeTruthy();
    expect(screen.queryByText('Expiré')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Masquer ce message' })[0]!);
    await waitFor(() => expect(screen.queryByText('Maintenance ce soir')).toBeNull());
    first.unmount();

    // The same user: still dismissed; English shows the English text, else the French one.
    await i18next.changeLanguage('en');
    const again = renderWithProviders(<InformationBanner userId="u1" />);
    expect(await screen.findByText('Nouvelle version')).toBeTruthy();
    expect(screen.queryByText('Maintenance tonight')).toBeNull();
    again.unmount();

    // Another user of the same browser still sees it.
    renderWithProviders(<InformationBanner userId="u2" />);
    expect(await screen.findByText('Maintenance tonight')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Information messages' })).toBeTruthy();
  });

  it('renders nothing without messages', async () => {
    const server = stubFetch({ 'GET /api/information/message': { body: { messages: [] } } });
    const { container } = renderWithProviders(<InformationBanner userId="u1" />);
    await waitFor(() => expect(server.requests.length).toBe(1));
    expect(container.querySelector('section')).toBeNull();
  });
});
