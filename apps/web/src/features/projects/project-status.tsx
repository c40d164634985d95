import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import AlertsIcon from '@mui/icons-material/ReportProblemOutlined';
import VpnLockIcon from '@mui/icons-material/VpnLockOutlined';
import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '@atrium/contracts/project';
import { StatusDot, type DotColor } from '../../ui/status-dot';
import { VISUALLY_HIDDEN } from '../../ui/visually-hidden';

const ONLINE_COLOR: Record<0 | 1 | 2, DotColor> = { 2: 'success', 1: 'warning', 0: 'error' };

/** Online indicator: 2 all gateways online, 1 some, 0 none (document 2 §2). */
export function OnlineIndicator({ project, compact }: { project: ProjectItem; compact: boolean }) {
  const { t } = useTranslation();
  const total = project.gateways.length;
  if (total === 0)
    return <StatusDot color="disabled" label={t('projects.noGateway')} compact={compact} />;
  const online = project.gateways.filter((g) => g.online).length;
  return (
    <Tooltip title={t('projects.onlineOf', { online, total })} describeChild>
      <span>
        <StatusDot
          color={ONLINE_COLOR[project.online]}
          label={t(`projects.online.${project.online}`)}
          compact={compact}
        />
      </span>
    </Tooltip>
  );
}

/** Connection: true when any gateway has a remote connection open. */
export function ConnectionIndicator({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  return connected ? (
    <Tooltip title={t('projects.connected')}>
      <VpnLockIcon
        color="success"
        fontSize="small"
        sx={{ verticalAlign: 'middle' }}
        titleAccess={t('projects.connected')}
      />
    </Tooltip>
  ) : (
    <Typography color="text.disabled">
      <span aria-hidden>—</span>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {t('projects.notConnected')}
      </Box>
    </Typography>
  );
}

/** An icon button of a row that opens a dialog without opening the project. */
export function RowIconButton(props: {
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={props.disabled ? '' : props.label}>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          disabled={props.disabled}
          onClick={(e) => {
            e.stopPropagation();
            props.onClick();
          }}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The alert history of a row, with a red badge counting the open alerts. */
export function AlertsButton({ count, onClick }: { count: number; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowIconButton
      label={count > 0 ? t('projects.openAlerts', { count }) : t('projects.dialogs.alerts')}
      icon={
        <Badge
          color="error"
          badgeContent={count}
          max={99}
          data-testid="open-alerts"
          // A hidden badge keeps its last count in the DOM: out of the button's text too.
          sx={{ '& .MuiBadge-invisible': { display: 'none' } }}
        >
          <AlertsIcon fontSize="small" color={count > 0 ? 'error' : 'inherit'} />
        </Badge>
      }
      onClick={onClick}
    />
  );
}
