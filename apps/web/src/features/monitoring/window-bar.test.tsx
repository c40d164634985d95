// @vitest-environment happy-dom
import { useState } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '../../testing/fill';
import { renderWithProviders } from '../../testing/render';
import { windowOf, type GraphWindow } from './graph-window';
import { WindowBar } from './window-bar';

const day = (d: number, month = 3, year = 2025) => ({ year, month, day: d });
/** Paris midnight of a March 2025 day before the DST change (UTC+1). */
const winterMidnight = (d: number, month = 3) => Date.UTC(2025, month - 1, d) - 3_600_000;

/** The bar with its caller's state, recording every window handed over. */
function renderBar(initial: GraphWindow, live = false) {
  const handed: GraphWindow[] = [];
  function Caller() {
    const [w, setW] = useState(initial);
    return (
      <WindowBar
        value={w}
        live={live}
        onChange={(next) => {
          handed.push(next);
          setW(next);
        }}
      />
    );
  }
  return { ...renderWithProviders(<Caller />), handed };
}

const range = () => screen.getByText(/^Du \d/).textContent;
const modeButton = (name: string) => screen.getByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('WindowBar (document 2 §2 graph window)', () => {
  it('a day runs from 00:00 to the next 00:00 in Paris; previous and next move by a day', async () => {
    const { user, handed } = renderBar(windowOf('day', day(15)));
    expect(modeButton('Jour').getAttribute('aria-pressed')).toBe('true');
    expect(range()).toBe('Du 15/03/2025 00:00 au 16/03/2025 00:00');

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(handed.at(-1)).toEqual({
      mode: 'day',
      from: day(16),
      to: day(16),
      start: winterMidnight(16),
      stop: winterMidnight(17),
    });
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(handed.at(-1)?.from).toEqual(day(14));
    expect(range()).toBe('Du 14/03/2025 00:00 au 15/03/2025 00:00');
  });

  it('the day of the spring DST change lasts 23 hours; its bounds stay Paris midnights', async () => {
    const { user, handed } = renderBar(windowOf('day', day(29)));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const w = handed.at(-1)!;
    expect(w.start).toBe(Date.UTC(2025, 2, 29, 23));
    expect(w.stop).toBe(Date.UTC(2025, 2, 30, 22));
    expect(range()).toBe('Du 30/03/2025 00:00 au 31/03/2025 00:00');
  });

  it('a month runs from the 1st to the next 1st and moves by calendar months', async () => {
    const { user, handed } = renderBar(windowOf('day', day(31, 1)));
    await user.click(modeButton('Mois'));
    // Switching mode keeps the first day's month.
    expect(handed.at(-1)).toMatchObject({ mode: 'month', from: day(1, 1), to: day(31, 1) });
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(handed.at(-1)).toMatchObject({
      from: day(1, 2),
      to: day(28, 2),
      start: winterMidnight(1, 2),
      stop: winterMidnight(1, 3),
    });
    expect(range()).toBe('Du 01/02/2025 00:00 au 01/03/2025 00:00');
    expect(screen.getByLabelText('Mois')).toHaveProperty('value', '01/02/2025');
  });

  it('a period ends at 23:59 of its last day and moves by its own length', async () => {
    const { user, handed } = renderBar(windowOf('period', day(10), day(12)));
    expect(range()).toBe('Du 10/03/2025 00:00 au 12/03/2025 23:59');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(handed.at(-1)).toMatchObject({ mode: 'period', from: day(13), to: day(15) });
    expect(handed.at(-1)?.stop).toBe(winterMidnight(16));
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(handed.at(-1)).toMatchObject({ from: day(7), to: day(9) });
  });

  it('switching to a period starts it as the shown day', async () => {
    const { user, handed } = renderBar(windowOf('day', day(15)));
    await user.click(modeButton('Période'));
    expect(handed.at(-1)).toMatchObject({ mode: 'period', from: day(15), to: day(15) });
    expect(screen.getByLabelText('Du')).toHaveProperty('value', '15/03/2025');
    expect(screen.getByLabelText('Au')).toHaveProperty('value', '15/03/2025');
  });

  it('a typed DD/MM/YYYY day is applied on Enter; an impossible date is flagged and ignored', async () => {
    const { user, handed } = renderBar(windowOf('day', day(15)));
    const field = screen.getByLabelText('Jour');
    await fill(user, field, '31/02/2025');
    await user.keyboard('{Enter}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(handed).toEqual([]);

    await fill(user, field, '2/4/2025');
    await user.keyboard('{Enter}');
    expect(handed).toEqual([windowOf('day', day(2, 4))]);
    expect(screen.getByLabelText('Jour')).toHaveProperty('value', '02/04/2025');
  });

  it('a period typed with its end before its start is put back in order', async () => {
    const { user, handed } = renderBar(windowOf('period', day(10), day(12)));
    const to = screen.getByLabelText('Au');
    await fill(user, to, '05/03/2025');
    await user.keyboard('{Enter}');
    expect(handed.at(-1)).toMatchObject({ from: day(5), to: day(10) });
    expect(range()).toBe('Du 05/03/2025 00:00 au 10/03/2025 23:59');
  });

  it('"today" goes to the window of the current Paris day, in the current mode', async () => {
    // 23:30 UTC on 15 March is already 16 March in Paris.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2025, 2, 15, 23, 30));
    const { user, handed } = renderBar(windowOf('month', day(1, 1)));
    await user.click(screen.getByRole('button', { name: "Aujourd'hui" }));
    expect(handed.at(-1)).toMatchObject({ mode: 'month', from: day(1), to: day(31) });
    await user.click(modeButton('Jour'));
    await user.click(screen.getByRole('button', { name: "Aujourd'hui" }));
    expect(handed.at(-1)).toMatchObject({ mode: 'day', from: day(16) });
  });

  it('shows the live badge only while the window is live', () => {
    renderBar(windowOf('day', day(15)), true);
    expect(screen.getByText('En direct')).toBeTruthy();
  });

  it('shows no live badge for a past window', () => {
    renderBar(windowOf('day', day(15)), false);
    expect(screen.queryByText('En direct')).toBeNull();
  });
});
