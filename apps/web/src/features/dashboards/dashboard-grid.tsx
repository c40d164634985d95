import { type ReactNode } from 'react';
import { GridLayout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_LIMITS,
  type DashboardDataReply,
  type WidgetInput,
} from '@atrium/contracts/dashboards';
import { WidgetView } from './widget-view';

export const ROW_HEIGHT = 64;
const MARGIN = 12;
/** Below this width the widgets stack in one column (a phone). */
export const STACK_BELOW_PX = 600;
/** Class of the drag handle (the widget's title bar). */
const HANDLE = 'atrium-widget-handle';

interface Props {
  widgets: readonly WidgetInput[];
  data: DashboardDataReply | undefined;
  /** Drag and resize (the generator); the shared page shows the grid read-only. */
  editable?: boolean;
  onLayout?: (layout: readonly { i: string; x: number; y: number; w: number; h: number }[]) => void;
  /** Buttons of a widget's title bar (edit, remove). */
  actions?: (widget: WidgetInput) => ReactNode;
}

function WidgetCard({
  widget,
  data,
  height,
  actions,
  editable,
}: {
  widget: WidgetInput;
  data: DashboardDataReply | undefined;
  height: number;
  actions?: ReactNode;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const widgetData = data?.widgets.find((w) => w.id === widget.id);
  const title = widget.title || t(`dashboards.kinds.${widget.kind}`);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      data-widget={widget.kind}
      sx={{ height: 1, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Box
        className={HANDLE}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          minHeight: 36,
          borderBottom: 1,
          borderColor: 'divider',
          cursor: editable ? 'move' : 'default',
        }}
      >
        <Typography variant="subtitle2" noWrap sx={{ flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, p: 1, display: 'flex', flexDirection: 'column' }}>
        {data ? (
          <WidgetView
            widget={widget}
            data={widgetData}
            start={data.start}
            stop={data.stop}
            height={height - 36 - 16}
          />
        ) : (
          <Skeleton variant="rounded" sx={{ flex: 1 }} />
        )}
      </Box>
    </Paper>
  );
}

const pixels = (h: number) => h * ROW_HEIGHT + (h - 1) * MARGIN;

/**
 * The dashboard's widgets on a 12-column grid (react-grid-layout); the generator drags them by
 * their title bar and resizes them by their corner. On a phone they stack, full width.
 */
export function DashboardGrid({ widgets, data, editable = false, onLayout, actions }: Props) {
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 1200 });
  const stacked = width < STACK_BELOW_PX;
  const sorted = [...widgets].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
  return (
    <Box ref={containerRef} sx={{ width: 1 }} data-testid="dashboard-grid">
      {mounted && stacked && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {sorted.map((w) => {
            const h = Math.max(pixels(w.layout.h), w.kind === 'line' || w.kind === 'bar' ? 260 : 0);
            return (
              <Box key={w.id} sx={{ height: h }}>
                <WidgetCard
                  widget={w}
                  data={data}
                  height={h}
                  actions={actions?.(w)}
                  editable={false}
                />
              </Box>
            );
          })}
        </Box>
      )}
      {mounted && !stacked && (
        <GridLayout
          width={width}
          layout={widgets.map((w) => ({ i: w.id, ...w.layout, maxH: DASHBOARD_LIMITS.heightMax }))}
          gridConfig={{
            cols: DASHBOARD_LIMITS.columns,
            rowHeight: ROW_HEIGHT,
            margin: [MARGIN, MARGIN],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: editable, handle: `.${HANDLE}`, cancel: 'button' }}
          resizeConfig={{ enabled: editable }}
          onLayoutChange={(layout) => editable && onLayout?.(layout)}
        >
          {widgets.map((w) => (
            <div key={w.id}>
              <WidgetCard
                widget={w}
                data={data}
                height={pixels(w.layout.h)}
                actions={actions?.(w)}
                editable={editable}
              />
            </div>
          ))}
        </GridLayout>
      )}
    </Box>
  );
}
