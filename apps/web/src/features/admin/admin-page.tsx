import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';
import { FirmwareTab } from './firmware-tab';
import { FleetTab } from './fleet-tab';
import { GatewaysTab } from './gateways-tab';
import { HubTab } from './hub-tab';
import { ImportsTab } from './imports-tab';
import { InformationTab } from './information-tab';
import { SubscriptionsTab } from './subscriptions-tab';
import { TeamsTab } from './teams-tab';
import { UsersTab } from './users-tab';

export const ADMIN_TABS = [
  'fleet',
  'gateways',
  'teams',
  'users',
  'imports',
  'firmware',
  'hub',
  'subscriptions',
  'information',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const LABELS: Record<AdminTab, string> = {
  fleet: 'admin.tabs.fleet',
  gateways: 'admin.tabs.gateways',
  teams: 'admin.tabs.teams',
  users: 'admin.tabs.users',
  imports: 'admin.tabs.imports',
  firmware: 'admin.tabs.firmware',
  hub: 'admin.tabs.hub',
  subscriptions: 'admin.tabs.subscriptions',
  information: 'admin.tabs.information',
};

const PANELS: Record<AdminTab, () => ReactNode> = {
  fleet: () => <FleetTab />,
  gateways: () => <GatewaysTab />,
  teams: () => <TeamsTab />,
  users: () => <UsersTab />,
  imports: () => <ImportsTab />,
  firmware: () => <FirmwareTab />,
  hub: () => <HubTab />,
  subscriptions: () => <SubscriptionsTab />,
  information: () => <InformationTab />,
};

const isTab = (v: string | null): v is AdminTab => ADMIN_TABS.some((t) => t === v);

/** /admin: the administrator's console (issue 17 §5, decision 0028), one tab in the URL. */
export function AdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'fleet';
  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <PageHeader title={t('pages.admin.title')} subtitle={t('admin.subtitle')} back />
      <Tabs
        value={tab}
        onChange={(_e, next: AdminTab) => setParams({ tab: next }, { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('admin.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {ADMIN_TABS.map((id) => (
          <Tab
            key={id}
            value={id}
            label={t(LABELS[id])}
            id={`admin-tab-${id}`}
            aria-controls={`admin-panel-${id}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {PANELS[tab]()}
      </Box>
    </Box>
  );
}
