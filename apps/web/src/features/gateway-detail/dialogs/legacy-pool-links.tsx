import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AddLinkIcon from '@mui/icons-material/AddLink';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../info/copy-value';
import { openWhenReady } from './open-in-new-tab';
import { useProxyLinks } from './use-proxy-links';
import { NewTabButton } from './new-tab-button';

interface Props {
  mac: string;
  /** Read-only users open no remote connection: they only read the hint. */
  readOnly: boolean;
  onNeedsRemote: () => void;
}

/**
 * The legacy pool dialog's remote links (spec §2): the app is the gateway's own page, reached
 * through the remote connection's proxy. "Generate link" shows its address to copy; "go to
 * app" opens it, generating it first when needed.
 */
export function LegacyPoolLinks({ mac, readOnly, onNeedsRemote }: Props) {
  const { t } = useTranslation();
  const proxy = useProxyLinks(mac, onNeedsRemote);
  const appUrl = proxy.data?.urls.config;
  // The tab opens within the click (pop-up blockers); a failure closes it and is shown.
  const goToApp = () =>
    openWhenReady(async () => (await proxy.mutateAsync()).urls.config).catch(() => undefined);
  const spinner = <CircularProgress size={16} color="inherit" />;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('gatewayDetail.pool.legacyHint')}
      </Typography>
      {!readOnly && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={proxy.isPending ? spinner : <AddLinkIcon />}
              disabled={proxy.isPending}
              onClick={() => proxy.mutate()}
            >
              {t('gatewayDetail.flowEditor.generateLink')}
            </Button>
            {appUrl ? (
              <NewTabButton variant="contained" startIcon={<OpenInNewIcon />} href={appUrl}>
                {t('gatewayDetail.pool.goToApp')}
              </NewTabButton>
            ) : (
              <Button
                variant="outlined"
                startIcon={<OpenInNewIcon />}
                disabled={proxy.isPending}
                onClick={() => void goToApp()}
              >
                {t('gatewayDetail.pool.goToApp')}
              </Button>
            )}
          </Box>
          {appUrl && <CopyValue value={appUrl} label={t('gatewayDetail.pool.appLink')} />}
        </Box>
      )}
    </>
  );
}
