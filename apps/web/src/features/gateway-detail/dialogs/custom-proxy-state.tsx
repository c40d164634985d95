import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import type { CustomProxyReply } from '@atrium/contracts/vpn';
import { apiErrorCode, errorMessageKey, GENERIC_ERROR_KEY } from '../../../lib/api/error-key';
import { NeedsRemoteAlert } from './needs-remote-alert';
import { ValueRows } from './value-rows';

interface Props {
  query: UseQueryResult<CustomProxyReply>;
  onNeedsRemote: () => void;
}

/**
 * The custom proxy as loaded (spec §8): the URL and its subdomain link; or a warning when
 * no session is active (noActiveVPN, noProxyFile) or no URL was saved (missingUrl); any
 * other failure is the generic error.
 */
export function CustomProxyState({ query, onNeedsRemote }: Props) {
  const { t } = useTranslation();
  if (query.isPending) {
    return <LinearProgress aria-label={t('app.loading')} sx={{ my: 2 }} />;
  }
  if (query.isError) {
    const code = apiErrorCode(query.error);
    if (code === 'noActiveVPN' || code === 'noProxyFile') {
      return (
        <NeedsRemoteAlert onNeedsRemote={onNeedsRemote}>
          {t(errorMessageKey(query.error))}
        </NeedsRemoteAlert>
      );
    }
    if (code === 'missingUrl') {
      return <Alert severity="info">{t(errorMessageKey(query.error))}</Alert>;
    }
    return <Alert severity="error">{t(GENERIC_ERROR_KEY)}</Alert>;
  }
  const { url, subdomain, link } = query.data;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <ValueRows
        rows={[
          {
            label: t('gatewayDetail.customProxy.current'),
            value: <Box sx={{ fontFamily: 'monospace' }}>{url}</Box>,
          },
          {
            label: t('gatewayDetail.customProxy.link'),
            value: link ? (
              <Link
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                {subdomain ?? link}
                <OpenInNewIcon sx={{ fontSize: 16 }} aria-hidden />
              </Link>
            ) : (
              '—'
            ),
          },
        ]}
      />
      {!link && <Alert severity="warning">{t('gatewayDetail.customProxy.noSubdomain')}</Alert>}
    </Box>
  );
}
