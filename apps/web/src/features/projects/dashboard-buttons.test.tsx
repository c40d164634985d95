// @vitest-environment happy-dom
import i18next from 'i18next';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINKS } from '../../config/env';
import { errorReply, stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { BossButton, ChartsMenu } from './dashboard-buttons';

afterEach(() => {
  vi.restoreAllMocks();
  return i18next.changeLanguage('fr');
});

const boss = {
  dashboard: {
    _id: 'b1',
    projectId: 'p1',
    projectName: 'Villa Rose',
    keyValues: [],
    energy: [],
    createdAt: 1,
    updatedAt: 1,
    shares: [],
  },
};
const list = {
  dashboards: [
    {
      _id: 'd1',
      projectId: 'p1',
      name: 'Séjour',
      form: { range: { kind: '24h' }, widgets: [] },
      createdAt: 1,
      updatedAt: 1,
      shares: [],
    },
  ],
  limit: 2,
  canCreate: true,
};
const token = 'atd_' + 'a'.repeat(43);

describe('dashboard buttons (issue 20)', () => {
  it('has no *.atrium-cloud.example default left', () => {
    expect([LINKS.klocknx, LINKS.emergynx]).toEqual([undefined, undefined]);
  });

  it('the boss button opens the boss dashboard in a new tab without opener when it exists', async () => {
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const server = stubFetch({ 'GET /api/bossnx/projects/p1': { body: boss } });
    const { user } = renderWithProviders(<BossButton projectId="p1" projectName="Villa Rose" />, {
      route: '/',
    });
    await user.click(screen.getByRole('button', { name: /Tableau de bord BossNX/ }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/bossnx/login?bossnxId=p1', '_blank'));
    expect(tab.opener).toBeNull();
    expect(server.sent('POST', '/api/bossnx/projects/p1')).toEqual([]);
  });

  it('404: offers to create it with the project name, then opens it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const server = stubFetch({
      'GET /api/bossnx/projects/p1': errorReply(404, 'dashboardNotFound'),
      'POST /api/bossnx/projects/p1': { status: 201, body: boss },
    });
    const { user } = renderWithProviders(<BossButton projectId="p1" projectName="Villa Rose" />, {
      route: '/',
    });
    await user.click(screen.getByRole('button', { name: /Tableau de bord BossNX/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('« Villa Rose »');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(server.sent('POST', '/api/bossnx/projects/p1')[0]?.body).toEqual({
      projectName: 'Villa Rose',
    });
    expect(await screen.findByText('Tableau de bord BossNX créé')).toBeTruthy();
  });

  it('another failure says "Unable to load" and opens nothing (en)', async () => {
    await i18next.changeLanguage('en');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    stubFetch({ 'GET /api/bossnx/projects/p1': errorReply(500, 'error') });
    const { user } = renderWithProviders(<BossButton projectId="p1" projectName="Villa Rose" />, {
      route: '/',
    });
    await user.click(screen.getByRole('button', { name: /BossNX dashboard/ }));
    expect(await screen.findByText('Unable to load the boss dashboard.')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("the charts menu lists the project's dashboards and opens one by a one-day link", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const server = stubFetch({
      'GET /api/chartnx/dashboard/p1': { body: list },
      'POST /api/chartnx/token': {
        body: {
          token,
          url: `/shared/dashboard?token=${token}`,
          share: {
            _id: 's1',
            type: 'chartnx',
            dashboardID: 'd1',
            createdAt: 1,
            expiresAt: 2,
            createdBy: 'a@b.c',
          },
        },
      },
    });
    const { user } = renderWithProviders(<ChartsMenu projectId="p1" canEdit />, { route: '/' });
    await user.click(screen.getByRole('button', { name: /Tableaux ChartNX/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Séjour/ }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        `/shared/dashboard?token=${token}`,
        '_blank',
        'noopener,noreferrer',
      ),
    );
    expect(server.sent('POST', '/api/chartnx/token')[0]?.body).toEqual({
      type: 'chartnx',
      project: 'p1',
      dashboardID: 'd1',
      bucket: '1d',
    });
  });

  it('readers open a dashboard in the console, without making a link', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const server = stubFetch({ 'GET /api/chartnx/dashboard/p1': { body: list } });
    const { user } = renderWithProviders(<ChartsMenu projectId="p1" canEdit={false} />, {
      route: '/',
    });
    await user.click(screen.getByRole('button', { name: /Tableaux ChartNX/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Séjour/ }));
    expect(open).toHaveBeenCalledWith('/chartnx-generator/p1/d1', '_blank');
    expect(server.sent('POST', '/api/chartnx/token')).toEqual([]);
  });
});
