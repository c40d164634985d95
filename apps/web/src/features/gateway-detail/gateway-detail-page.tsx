import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { formatMac, type GatewayDetails, type GatewayItem } from '@atrium/contracts/gateway';
import { versionStatus } from '@atrium/contracts/version';
import { PARTNER_DOMAINS } from '../../config/env';
import { latestVersionsQuery } from '../../lib/api/latest-versions-query';
import { projectQuery } from '../../lib/api/project-query';
import { selectGateway } from '../../lib/display-mode';
import { useSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/page-header';
import { gatewayDetailsQuery, gatewayQuery } from './api/detail-queries';
import { DetailBody } from './detail-body';
import { DetailDialogs } from './dialogs/detail-dialogs';
import type { OpenDialog } from './dialogs/open-dialog';
import { useFirmwareUpdate } from './firmware/use-firmware-update';
import { detailAccess, type DetailAccess } from './model/access';
import { useDetailActions } from './use-detail-actions';

/** /projects/:projectID/gateway/:gatewayID — display mode 2, the gateway detail screen (spec §2). */
export function GatewayDetailPage() {
  const { t } = useTranslation();
  const user = useSession();
  const { projectID = '', gatewayID = '' } = useParams();
  const item = useQuery(gatewayQuery(gatewayID));
  const details = useQuery(gatewayDetailsQuery(gatewayID));
  const project = useQuery(projectQuery(projectID));
  const latest = useQuery(latestVersionsQuery());
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const gw = item.data;

  useEffect(() => selectGateway(projectID, gatewayID), [projectID, gatewayID]);

  const title = gw ? (gw.type === 'poolnx' ? `[POOL] ${gw.name}` : gw.name) : formatMac(gatewayID);
  const header = (
    <PageHeader
      title={title}
      subtitle={
        gw
          ? `${t(`gatewayType.${gw.type}`)} · ${t('gatewayDetail.version', { version: gw.version || 'X' })}`
          : undefined
      }
      backTo={{
        to: `/projects/${encodeURIComponent(projectID)}`,
        label: t('gateways.backToTable'),
      }}
    />
  );
  if (!gw || !user) {
    return (
      <>
        {header}
        {item.isError ? (
          <Alert severity="error">{t('dataNotLoaded')}</Alert>
        ) : (
          <Skeleton variant="rounded" height={360} />
        )}
      </>
    );
  }
  return (
    <>
      {header}
      <DetailContent
        key={gw.mac}
        gateway={gw}
        details={details}
        latest={latest.data?.[gw.type]}
        access={detailAccess(user, project.data?.role, PARTNER_DOMAINS)}
        projectId={projectID}
        queryId={gatewayID}
        dialog={dialog}
        setDialog={setDialog}
      />
    </>
  );
}

interface ContentProps {
  gateway: GatewayItem;
  details: UseQueryResult<GatewayDetails>;
  latest: string | undefined;
  access: DetailAccess;
  projectId: string;
  queryId: string;
  dialog: OpenDialog | null;
  setDialog: (dialog: OpenDialog | null) => void;
}

/** The screen once the gateway is known: body, actions and the open dialog. */
function DetailContent(props: ContentProps) {
  const { gateway, details, latest, access, queryId, dialog, setDialog } = props;
  const status = versionStatus(gateway.type, gateway.version, latest);
  const firmware = useFirmwareUpdate(gateway, queryId);
  const actions = useDetailActions({ gateway, status, access, firmware, open: setDialog });
  return (
    <>
      <DetailBody
        gateway={gateway}
        details={details}
        latest={latest}
        access={access}
        status={status}
        firmware={firmware}
        onButton={actions.onButton}
        onReboot={access.readOnly ? null : () => void actions.reboot()}
        onWizard={() => setDialog({ kind: 'wizard', thenRemote: false, after: null })}
        onVpnLog={() => setDialog({ kind: 'vpnLog' })}
      />
      {dialog && (
        <DetailDialogs
          dialog={dialog}
          gateway={gateway}
          ip={details.data?.ip ?? null}
          projectId={props.projectId}
          queryId={queryId}
          access={access}
          open={setDialog}
          openRemote={actions.openRemote}
          configPage={actions.configPage}
        />
      )}
    </>
  );
}
