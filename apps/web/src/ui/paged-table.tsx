import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import IndeterminateCheckBoxIcon from '@mui/icons-material/IndeterminateCheckBox';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../lib/locale';
import { PAGE_SIZES } from '../lib/use-list-state';

const PAGER_LABELS = {
  first: 'pagedTable.first',
  last: 'pagedTable.last',
  next: 'pagedTable.next',
  previous: 'pagedTable.previous',
} as const;

export interface Column<T> {
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  /** Hidden under 900 px, where the table would scroll sideways otherwise. */
  wide?: boolean;
  numeric?: boolean;
}

interface Props<T> {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  loading: boolean;
  fetching: boolean;
  error: boolean;
  /** Rows chosen for an action on several at once, by key; no checkboxes without it. */
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (keys: readonly string[], selected: boolean) => void;
    /** The accessible name of a row's checkbox. */
    label: (row: T) => string;
    /** Rows that cannot be chosen show a disabled checkbox; every row by default. */
    selectable?: (row: T) => boolean;
    /** The accessible name of the header checkbox (every row of the page). */
    allLabel: string;
  };
}

/** A list the server pages: the rows of one page, and the pager under them. */
export function PagedTable<T>(p: Props<T>) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const columns = narrow ? p.columns.filter((c) => !c.wide) : p.columns;
  const n = numberFormat();
  const sel = p.selection;
  const pageKeys = (p.rows ?? []).filter((r) => sel?.selectable?.(r) ?? true).map(p.rowKey);
  const chosen = sel ? pageKeys.filter((k) => sel.selected.has(k)).length : 0;
  const some = chosen > 0 && chosen < pageKeys.length;
  if (p.error) return <Alert severity="error">{t('dataNotLoaded')}</Alert>;
  if (p.loading) return <Skeleton variant="rounded" height={320} />;
  return (
    <Paper variant="outlined">
      {p.fetching ? <LinearProgress aria-hidden /> : <div style={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-label={p.label}>
          <TableHead>
            <TableRow>
              {sel && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={pageKeys.length > 0 && chosen === pageKeys.length}
                    // Partly chosen: the native input's own indeterminate state (read as
                    // "mixed"), not MUI's aria-checked on a native checkbox.
                    icon={some ? <IndeterminateCheckBoxIcon color="primary" /> : undefined}
                    disabled={pageKeys.length === 0}
                    onChange={(e) => sel.onChange(pageKeys, e.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': sel.allLabel,
                        ref: (input: HTMLInputElement | null) => {
                          if (input) input.indeterminate = some;
                        },
                      },
                    }}
                  />
                </TableCell>
              )}
              {columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {p.rows?.map((row) => (
              <TableRow key={p.rowKey(row)} hover selected={sel?.selected.has(p.rowKey(row))}>
                {sel && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={sel.selected.has(p.rowKey(row))}
                      disabled={!(sel.selectable?.(row) ?? true)}
                      onChange={(e) => sel.onChange([p.rowKey(row)], e.target.checked)}
                      slotProps={{ input: { 'aria-label': sel.label(row) } }}
                    />
                  </TableCell>
                )}
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={c.numeric ? 'right' : 'left'}
                    sx={{
                      overflowWrap: 'break-word',
                      ...(c.numeric ? { fontVariantNumeric: 'tabular-nums' } : {}),
                    }}
                  >
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {p.rows?.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {t('pagedTable.noMatch')}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={p.total}
        page={p.page}
        rowsPerPage={p.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, page) => p.onPage(page, p.pageSize)}
        onRowsPerPageChange={(e) => p.onPage(0, Number(e.target.value))}
        labelRowsPerPage={t('pagedTable.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          t('pagedTable.displayedRows', {
            from: n.format(from),
            to: n.format(to),
            count: n.format(count),
          })
        }
        getItemAriaLabel={(type) => t(PAGER_LABELS[type])}
      />
    </Paper>
  );
}
