import { createTheme } from '@mui/material/styles';

/** Brand: deep blue with an amber accent (the logo's node). */
export const BRAND = {
  primary: '#1f5fae',
  primaryDark: '#0f2a4a',
  accent: '#f5a623',
  background: '#f3f5f9',
} as const;

// The status colours of the palette below, for the snackbars too (notistack's own defaults
// are below 4.5:1 with white text for success, warning and info).
const STATUS = {
  success: '#2e7d32',
  warning: '#b45309',
  info: '#01579b',
  error: '#c62828',
} as const;

export const theme = createTheme({
  palette: {
    primary: { main: BRAND.primary, dark: '#174a88', light: '#4c86cf', contrastText: '#fff' },
    secondary: { main: BRAND.accent, contrastText: '#1d1d1d' },
    background: { default: BRAND.background, paper: '#ffffff' },
    // Status colours as text (outlined buttons, chips, captions) reach 4.5:1 on white and on
    // the page background (WCAG 1.4.3; MUI's defaults for warning and info do not).
    warning: { main: STATUS.warning, light: '#f59e0b', dark: '#8a3f06', contrastText: '#fff' },
    info: { main: STATUS.info, contrastText: '#fff' },
    error: { main: STATUS.error, contrastText: '#fff' },
    text: { primary: '#1b2433', secondary: '#5b6778' },
    divider: '#e3e7ee',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: Object.fromEntries(
        Object.entries(STATUS).map(([variant, color]) => [
          `.notistack-MuiContent.notistack-MuiContent-${variant}`,
          { backgroundColor: color },
        ]),
      ),
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
