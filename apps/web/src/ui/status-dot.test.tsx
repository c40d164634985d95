// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { StatusDot, type DotColor } from './status-dot';

function dot(color: DotColor, compact = false) {
  const { container, getByText } = renderWithProviders(
    <StatusDot color={color} label={`état ${color}`} compact={compact} />,
  );
  const shape = container.querySelector<HTMLElement>('[data-shape]');
  if (!shape) throw new Error('no dot');
  return { container, shape, text: getByText(`état ${color}`) };
}

describe('StatusDot: colour is not the only carrier of the state (issue 16)', () => {
  it('tells each state by a shape of its own, not only by its colour', () => {
    const styles = (['success', 'warning', 'error', 'disabled'] as const).map((color) => {
      const { shape } = dot(color);
      const style = getComputedStyle(shape);
      return [style.borderRadius, style.transform, style.borderStyle].join('|');
    });
    expect(new Set(styles).size).toBe(4);
  });

  it('keeps its meaning as text: visible, or for screen readers and as a title when compact', () => {
    const wide = dot('success');
    expect(wide.text.textContent).toBe('état success');
    expect(wide.container.querySelector('[title]')).toBeNull();
    const compact = dot('error', true);
    expect(compact.text.textContent).toBe('état error');
    expect(compact.container.querySelector('[title]')?.getAttribute('title')).toBe('état error');
    // The dot itself is decoration.
    expect(compact.shape.getAttribute('aria-hidden')).toBe('true');
  });
});
