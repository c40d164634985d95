import Box from '@mui/material/Box';
import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/locale';
import { formatParisDate } from '../model/vpn-format';
import { sessionEnd } from '../model/vpn-session';

interface Props {
  until: string | number;
  /** 'long' in the dialogs, 'short' in the log's columns. */
  format?: 'long' | 'short';
}

/** The end of a session: an infinity sign for no end (-1), else the date in Paris time. */
export function SessionEndValue({ until, format = 'long' }: Props) {
  const { t } = useTranslation();
  const end = sessionEnd(until);
  if (end === null) return <>—</>;
  if (end === 'unlimited') {
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
        <AllInclusiveIcon fontSize="small" color="primary" aria-hidden />
        {t('gatewayDetail.remote.unlimited')}
      </Box>
    );
  }
  return <>{formatParisDate(end, currentLocale(), format)}</>;
}
