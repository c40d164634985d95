// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { PatchNotesPage, renderMarkdown } from './patch-notes-page';

afterEach(async () => {
  await i18next.changeLanguage('fr');
});

describe('renderMarkdown', () => {
  it('renders Markdown and drops scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      [
        '## Title',
        '![pic](https://tracker.example/p.png)',
        '- **bold** item',
        '<script>alert(1)</script>',
        '<img src="x" onerror="alert(2)">',
        '[click](javascript:alert(3)) [site](https://atrium.example/)',
      ].join('\n\n'),
    );
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('h2')?.textContent).toBe('Title');
    expect(box.querySelector('li strong')?.textContent).toBe('bold');
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('img')).toBeNull();
    // Raw HTML is shown as text, never as markup.
    expect(box.textContent).toContain('<script>alert(1)</script>');
    expect(html).not.toMatch(/<img|<script/);
    expect(box.querySelector('a[href^="javascript"]')).toBeNull();
    expect(box.textContent).toContain('click');
    expect(box.querySelector('a[href="https://atrium.example/"]')?.textContent).toBe('site');
  });
});

describe('PatchNotesPage', () => {
  it("shows the repository's notes in French, and in English", async () => {
    const fr = renderWithProviders(<PatchNotesPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: "Notes de version d'Atrium Cloud" }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '26 novembre 2026' })).toBeTruthy();
    expect(screen.getByText('Modbus')).toBeTruthy();
    fr.unmount();
    await i18next.changeLanguage('en');
    renderWithProviders(<PatchNotesPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Atrium Cloud patch notes' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '26 November 2026' })).toBeTruthy();
    expect(screen.getByText('Remote access')).toBeTruthy();
  });
});
