import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import ExtensionIcon from '@mui/icons-material/ExtensionOutlined';
import HomeIcon from '@mui/icons-material/HomeWorkOutlined';
import LinkIcon from '@mui/icons-material/AddLink';
import { useTranslation } from 'react-i18next';
import { DETAIL_LIMITS } from '../model/constants';
import { localAccessUrl } from '../model/info-format';
import { useProxyLinks } from './use-proxy-links';
import { NewTabButton } from './new-tab-button';

interface Props {
  mac: string;
  ip: string | null;
  showModules: boolean;
  /** Read-only users open no remote connection, so they generate no link. */
  readOnly: boolean;
  /** The remote links need a live remote connection: its dialog opens when there is none. */
  onNeedsRemote: () => void;
}

/** Modules, generated remote links (dashboard, editor) and the local access link (spec §2). */
export function FlowEditorLinks({ mac, ip, showModules, readOnly, onNeedsRemote }: Props) {
  const { t } = useTranslation();
  const local = localAccessUrl(ip, DETAIL_LIMITS.localUiPort);
  const noProxy = t('gatewayDetail.flowEditor.needsLink');
  const proxy = useProxyLinks(mac, onNeedsRemote);
  const urls = proxy.data?.urls;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!readOnly && (
          <Button
            variant="outlined"
            startIcon={
              proxy.isPending ? <CircularProgress size={16} color="inherit" /> : <LinkIcon />
            }
            disabled={proxy.isPending}
            onClick={() => proxy.mutate()}
          >
            {t('gatewayDetail.flowEditor.generateLink')}
          </Button>
        )}
        {[
          {
            icon: <DashboardIcon />,
            label: t('gatewayDetail.flowEditor.dashboard'),
            href: urls?.dashboard,
          },
          {
            icon: <AccountTreeIcon />,
            label: t('gatewayDetail.flowEditor.editor'),
            href: urls?.editor,
          },
        ].map(({ icon, label, href }) =>
          href ? (
            <NewTabButton key={label} variant="outlined" startIcon={icon} href={href}>
              {label}
            </NewTabButton>
          ) : (
            <Tooltip key={label} title={noProxy}>
              <span>
                <Button variant="outlined" startIcon={icon} disabled>
                  {label}
                </Button>
              </span>
            </Tooltip>
          ),
        )}
      </Box>
      {urls && (
        <Typography variant="body2" color="text.secondary">
          {t('gatewayDetail.flowEditor.linksReady')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {local ? (
          <NewTabButton variant="text" startIcon={<HomeIcon />} href={local}>
            {t('gatewayDetail.flowEditor.localAccess')}
          </NewTabButton>
        ) : (
          <Button variant="text" startIcon={<HomeIcon />} disabled>
            {t('gatewayDetail.flowEditor.localAccess')}
          </Button>
        )}
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontFamily: local ? 'monospace' : undefined }}
        >
          {local ?? t('gatewayDetail.flowEditor.noIp')}
        </Typography>
        {showModules && (
          <Button
            component={RouterLink}
            to="/node-red"
            startIcon={<ExtensionIcon />}
            sx={{ ml: 'auto' }}
          >
            {t('gatewayDetail.flowEditor.modules')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
