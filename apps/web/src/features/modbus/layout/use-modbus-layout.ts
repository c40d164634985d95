import useMediaQuery from '@mui/material/useMediaQuery';

/** Document 3 §9: the sidebar replaces the side panel under 1000 px; mobile at 650 px or less. */
export const SIDEBAR_QUERY = '(max-width:999.98px)';
export const MOBILE_QUERY = '(max-width:650px)';

export function useModbusLayout() {
  return {
    sidebar: useMediaQuery(SIDEBAR_QUERY, { noSsr: true }),
    mobile: useMediaQuery(MOBILE_QUERY, { noSsr: true }),
  };
}
