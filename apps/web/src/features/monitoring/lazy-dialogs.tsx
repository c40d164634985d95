import { lazy, Suspense, type ComponentProps } from 'react';

// uPlot and the dialogs load when a dialog first opens, not with the projects list.
const LazyGraphDialog = lazy(() =>
  import('./graph-dialog').then((m) => ({ default: m.GraphDialog })),
);
const LazyMonitoringDialog = lazy(() =>
  import('./monitoring-dialog').then((m) => ({ default: m.MonitoringDialog })),
);

type GraphProps = ComponentProps<typeof LazyGraphDialog>;
type MonitoringProps = ComponentProps<typeof LazyMonitoringDialog>;

/** The graph dialog (spec document 2 §2, dialog 1), loaded on demand. */
export function GraphDialog(props: GraphProps) {
  return (
    <Suspense fallback={null}>
      <LazyGraphDialog {...props} />
    </Suspense>
  );
}

/** The monitoring/recording dialog (dialog 7), loaded on demand. */
export function MonitoringDialog(props: MonitoringProps) {
  return (
    <Suspense fallback={null}>
      <LazyMonitoringDialog {...props} />
    </Suspense>
  );
}
