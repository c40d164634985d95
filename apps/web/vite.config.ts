import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.ATRIUM_API ?? 'http://localhost:8080';

/** node_modules packages matching `names` (scoped names end with a slash to take the scope). */
function packages(names: string[]): RegExp {
  const alternatives = names.map((name) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\//g, '[\\\\/]');
    return name.endsWith('/') ? escaped : `${escaped}(?:[\\\\/]|$)`;
  });
  return new RegExp(`[\\\\/]node_modules[\\\\/](?:${alternatives.join('|')})`);
}

/** MUI components every screen draws, the sign-in page included. */
const MUI_BASE = [
  'styles',
  'utils',
  'colors',
  'zero-styled',
  'DefaultPropsProvider',
  'GlobalStyles',
  'CssBaseline',
  'ButtonBase',
  'useLazyRipple',
  'Button',
  'IconButton',
  'SvgIcon',
  'Typography',
  'Link',
  'Paper',
  'Box',
  'Stack',
  'Slide',
  'transitions',
  'FormControl',
  'FormLabel',
  'FormHelperText',
  'InputBase',
  'InputLabel',
  'OutlinedInput',
  'InputAdornment',
  'TextareaAutosize',
  'CircularProgress',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph e2e/bundle-size.e2e.ts checks (issue 16).
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every screen, the sign-in page included, runs on go in a few chunks
        // instead of dozens of small ones (fewer requests, better compression). Everything else
        // (MUI components, charts, the QR scanner, socket.io…) stays with the screens that use it.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: packages(['react', 'react-dom', 'scheduler', 'react-router', 'cookie']),
              priority: 30,
            },
            {
              name: 'ui-core',
              test: packages([
                '@emotion/',
                '@mui/system',
                '@mui/utils',
                '@mui/styled-engine',
                '@mui/private-theming',
                '@babel/runtime',
                'stylis',
                'react-is',
                'react-transition-group',
                'hoist-non-react-statics',
                'clsx',
                'prop-types',
                'use-sync-external-store',
                'i18next',
                'react-i18next',
                'html-parse-stringify',
                'void-elements',
                'notistack',
                'goober',
                'react-hook-form',
              ]),
              priority: 20,
            },
            {
              // The MUI components of nearly every screen (text, buttons, inputs, paper) and
              // MUI's styling core, in one chunk rather than a dozen small shared ones.
              name: 'mui-base',
              test: new RegExp(
                `[\\\\/]node_modules[\\\\/]@mui[\\\\/]material[\\\\/]esm[\\\\/](?:${MUI_BASE.join('|')})[\\\\/]`,
              ),
              priority: 25,
            },
            {
              // zod and the form resolvers: loaded by the first form submit or API reply check.
              name: 'zod',
              test: packages(['zod', '@hookform/']),
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
