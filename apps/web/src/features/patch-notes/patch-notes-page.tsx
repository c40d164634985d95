import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Marked } from 'marked';
import { escapeHtml } from '../../lib/html';
import { PageHeader } from '../../ui/page-header';
import notesEn from './patch-notes.en.md?raw';
import notesFr from './patch-notes.fr.md?raw';

/** Links may go to the web, to a mail address or inside the console; nothing else. */
const SAFE_URL = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

/**
 * Markdown to safe HTML, as react-markdown does: marked writes only its own markup (text and
 * attributes escaped), raw HTML in the file is shown as text, and a link or image whose URL is
 * not http(s), mailto or the console's own is kept as plain text. Images are not loaded
 * (their alternative text is shown). Decision 0027.
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    link(token) {
      const label = this.parser.parseInline(token.tokens);
      if (!SAFE_URL.test(token.href)) return label;
      const external = /^https?:/i.test(token.href);
      return `<a href="${escapeHtml(token.href)}"${external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${label}</a>`;
    },
    image: ({ text }) => escapeHtml(text),
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

/** The first heading of the file is the page title; the rest is the page. */
function splitTitle(markdown: string): { title: string | null; body: string } {
  const match = /^#\s+(.+)\n/.exec(markdown);
  return match
    ? { title: match[1]!.trim(), body: markdown.slice(match[0].length) }
    : { title: null, body: markdown };
}

/** Patch notes (`/patch-notes`): the release notes of the repository, in the console's language. */
export function PatchNotesPage() {
  const { t, i18n } = useTranslation();
  const source = i18n.language.startsWith('en') ? notesEn : notesFr;
  const { title, body } = useMemo(() => splitTitle(source), [source]);
  const html = useMemo(() => renderMarkdown(body), [body]);
  return (
    <>
      <PageHeader title={title ?? t('pages.patchNotes.title')} />
      <Paper variant="outlined" sx={{ px: { xs: 2, sm: 4 }, py: 2 }}>
        <Box
          lang={i18n.language.startsWith('en') ? 'en' : 'fr'}
          sx={{
            '& h2': { typography: 'h5', mt: 2, mb: 1 },
            '& h3': { typography: 'subtitle1', fontWeight: 700, mt: 2, mb: 0.5 },
            '& ul': { pl: 3, my: 0.5 },
            '& li': { typography: 'body1', mb: 0.5 },
            '& p': { typography: 'body1' },
            '& a': { color: 'primary.main' },
          }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </Paper>
    </>
  );
}
