// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { projectItem } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render';
import { ProjectsTable } from './projects-table';

function renderTable(openAlerts: Record<string, number>) {
  const onDialog = vi.fn();
  const projects = [
    projectItem({ _id: 'p1', name: 'Maison' }),
    projectItem({ _id: 'p2', name: 'Bureau', role: 'viewer' }),
  ];
  const view = renderWithProviders(
    <ProjectsTable
      projects={projects}
      viewerRank={false}
      canDelete
      openAlerts={openAlerts}
      onOpen={() => undefined}
      onDialog={onDialog}
      onAction={() => undefined}
    />,
  );
  const row = (id: string) => within(screen.getByTestId(`project-row-${id}`));
  return { ...view, onDialog, row };
}

describe('ProjectsTable alert badges', () => {
  it('counts the open alerts of a row; the button opens its alert history', async () => {
    const { row, onDialog, user } = renderTable({ p1: 3 });
    expect(row('p1').getByTestId('open-alerts').textContent).toBe('3');
    await user.click(row('p1').getByRole('button', { name: '3 alertes en cours' }));
    expect(onDialog).toHaveBeenCalledWith('alerts', expect.objectContaining({ _id: 'p1' }));
  });

  it('lets a viewer open the history, not the notification settings', async () => {
    const { row, onDialog, user } = renderTable({});
    expect(row('p2').getByRole('button', { name: 'Notifications désactivées' })).toHaveProperty(
      'disabled',
      true,
    );
    const history = row('p2').getByRole('button', { name: 'Alertes' });
    expect(row('p2').getByTestId('open-alerts').textContent).toBe('');
    await user.click(history);
    expect(onDialog).toHaveBeenCalledWith('alerts', expect.objectContaining({ _id: 'p2' }));
  });
});
