import { createTheme } from '@mui/material/styles';

/** Brand: deep blue with an amber accent (the logo's node). */
export const BRAND = {
  primary: '#1f5fae',
  primaryDark: '#0f2a4a',
  accent: '#f5a623',
  background: '#f3f5f9',
} as const;

export const theme = createTheme({
  palette: {
    primary: { main: BRAND.primary, dark: '#174a88', light: '#4c86cf', contrastText: '#fff' },
    secondary: { main: BRAND.accent, contrastText: '#1d1d1d' },
    background: { default: BRAND.background, paper: '#ffffff' },
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
