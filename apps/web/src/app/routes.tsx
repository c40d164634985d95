import { Navigate, type RouteObject } from 'react-router';
import { RealtimeOutlet } from '../lib/realtime/realtime-outlet';
import { lazyPage } from './lazy-page';
import { RequireRank } from './require-rank';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';

const AppShell = lazyPage(() => import('./shell/app-shell'), 'AppShell');
const WelcomeLayout = lazyPage(() => import('../features/welcome/welcome-layout'), 'WelcomeLayout');
const LoginPage = lazyPage(() => import('../features/welcome/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/welcome/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/welcome/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/welcome/reset-password-page'),
  'ResetPasswordPage',
);
const VerifyEmailPage = lazyPage(
  () => import('../features/welcome/verify-email-page'),
  'VerifyEmailPage',
);

const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const ProjectsEntry = lazyPage(
  () => import('../features/projects/projects-entry'),
  'ProjectsEntry',
);
// The project screens are composed in ./screens from the projects, gateways and monitoring features.
const ProjectsListScreen = lazyPage(
  () => import('./screens/projects-list-screen'),
  'ProjectsListScreen',
);
const ProjectScreen = lazyPage(() => import('./screens/project-screen'), 'ProjectScreen');
const GatewayDetailPage = lazyPage(
  () => import('../features/gateway-detail/gateway-detail-page'),
  'GatewayDetailPage',
);
const ModbusMetersPage = lazyPage(
  () => import('../features/modbus/meters/meters-page'),
  'ModbusMetersPage',
);
const ModbusConfigurationsPage = lazyPage(
  () => import('../features/modbus/configurations/configurations-page'),
  'ModbusConfigurationsPage',
);
const ModbusConfigurationPage = lazyPage(
  () => import('../features/modbus/wizard/wizard-page'),
  'ModbusConfigurationPage',
);
const AdminPage = lazyPage(() => import('../features/admin/admin-page'), 'AdminPage');
const ActivityPage = lazyPage(() => import('../features/activity/activity-page'), 'ActivityPage');
const NodeRedPage = lazyPage(() => import('../features/node-red/node-red-page'), 'NodeRedPage');
const ChartnxGeneratorPage = lazyPage(
  () => import('../features/dashboards/chartnx-generator-page'),
  'ChartnxGeneratorPage',
);
const GrafnxGeneratorPage = lazyPage(
  () => import('../features/dashboards/grafnx-generator-page'),
  'GrafnxGeneratorPage',
);
const BossPage = lazyPage(() => import('../features/dashboards/boss/boss-page'), 'BossPage');
const SharedDashboardPage = lazyPage(
  () => import('../features/dashboards/shared/shared-dashboard-page'),
  'SharedDashboardPage',
);
const BillingPage = lazyPage(
  () => import('../features/projects/subscriptions/billing-page'),
  'BillingPage',
);
const PatchNotesPage = lazyPage(
  () => import('../features/patch-notes/patch-notes-page'),
  'PatchNotesPage',
);

const toWelcome = <Navigate to="/welcome" replace />;
/** Who reads the team activity log (the server's permissions table says the same). */
const ACTIVITY_RANKS = ['admin', 'supervisor', 'manager'] as const;

/** The routes of spec §2; anything else goes to /welcome. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: 'welcome',
        element: <WelcomeLayout />,
        children: [
          { index: true, element: <LoginPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgotPassword', element: <ForgotPasswordPage /> },
          { path: 'forgotPassword/:token', element: <ResetPasswordPage /> },
          { path: 'verifyEmail/:token', element: <VerifyEmailPage /> },
          { path: '*', element: toWelcome },
        ],
      },
      // A dashboard shared by a link: no account, the token in the address (decision 0032).
      { path: 'shared/dashboard', element: <SharedDashboardPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppShell />,
            children: [
              // The fleet home, where sign-in lands (issue 16, decision 0023).
              { path: 'home', element: <HomePage /> },
              {
                path: 'projects',
                // Live gateway events (socket.io) while a project screen is shown.
                element: <RealtimeOutlet />,
                children: [
                  { index: true, element: <ProjectsEntry /> },
                  { path: 'list', element: <ProjectsListScreen /> },
                  { path: ':projectID', element: <ProjectScreen /> },
                  { path: ':projectID/gateway/:gatewayID', element: <GatewayDetailPage /> },
                  {
                    path: ':projectID/modbus-configuration-new/meters',
                    element: <ModbusMetersPage />,
                  },
                  {
                    path: ':projectID/modbus-configuration-new/configurations',
                    element: <ModbusConfigurationsPage />,
                  },
                  { path: 'modbus-configuration/:id', element: <ModbusConfigurationPage /> },
                  { path: '*', element: toWelcome },
                ],
              },
              {
                path: 'admin',
                element: (
                  <RequireRank ranks={['admin']}>
                    <AdminPage />
                  </RequireRank>
                ),
              },
              {
                // Manual billing's portal: the team's subscriptions (issue 17, decision 0026).
                path: 'billing',
                element: (
                  <RequireRank ranks={ACTIVITY_RANKS}>
                    <BillingPage />
                  </RequireRank>
                ),
              },
              {
                // The team activity log (issue 16, decision 0022).
                path: 'activity',
                element: (
                  <RequireRank ranks={ACTIVITY_RANKS}>
                    <ActivityPage />
                  </RequireRank>
                ),
              },
              {
                path: 'node-red',
                // Admins and partner-domain users: the page checks it itself, so that the
                // partner domains (config/env, with zod) stay out of the first visit's bundle.
                element: <NodeRedPage />,
              },
              { path: 'chartnx-generator/:projectID', element: <ChartnxGeneratorPage /> },
              {
                path: 'chartnx-generator/:projectID/:dashboardID',
                element: <ChartnxGeneratorPage />,
              },
              { path: 'grafnx-generator/:projectId', element: <GrafnxGeneratorPage /> },
              // The boss dashboard (document 1 §2: /login?bossnxId={id}; issue 20).
              { path: 'bossnx/login', element: <BossPage /> },
              { path: 'patch-notes', element: <PatchNotesPage /> },
            ],
          },
        ],
      },
      { path: '*', element: toWelcome },
    ],
  },
];
