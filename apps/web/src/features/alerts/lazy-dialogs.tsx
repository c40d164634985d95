import { lazy, Suspense, type ComponentProps } from 'react';

// The alerts dialogs (and socket.io for their live updates) load when one first opens.
const LazyNotificationsDialog = lazy(() =>
  import('./notifications-dialog').then((m) => ({ default: m.NotificationsDialog })),
);
const LazyAlertsDialog = lazy(() =>
  import('./alerts-dialog').then((m) => ({ default: m.AlertsDialog })),
);

/** Project notifications (document 2 §2, dialog 9), loaded on demand. */
export function NotificationsDialog(props: ComponentProps<typeof LazyNotificationsDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyNotificationsDialog {...props} />
    </Suspense>
  );
}

/** A project's alert history, mutes and watchdog settings, loaded on demand. */
export function AlertsDialog(props: ComponentProps<typeof LazyAlertsDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyAlertsDialog {...props} />
    </Suspense>
  );
}
