import { useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VpnLockIcon from '@mui/icons-material/VpnLockOutlined';
import { useTranslation } from 'react-i18next';
import { formatMac, type GatewayItem } from '@atrium/contracts/gateway';
import { versionStatus, type LatestVersions } from '@atrium/contracts/version';
import { StatusDot } from '../../ui/status-dot';
import { nextSort, type GatewaySort, type SortProperty } from './gateway-sort';
import { GatewayRowMenu } from './gateway-row-menu';
import type { useGatewayActions } from './use-gateway-actions';
import { VersionCell } from './version-cell';
import { versionCellState } from './version-cell-state';

interface Props {
  gateways: GatewayItem[];
  latest: LatestVersions | undefined;
  sort: GatewaySort;
  onSort: (sort: GatewaySort) => void;
  onOpen: (gateway: GatewayItem) => void;
  /** Null hides the options column (role viewer). */
  actions: ReturnType<typeof useGatewayActions> | null;
  isAdmin: boolean;
  /** Shown before the row menu in the options column. */
  MonitoringButton: ComponentType<{ gateway: GatewayItem }>;
}

const PAGE_SIZES = [25, 50, 100];
/** Columns that give way on phones; search still covers MAC and serial. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/** name, type, online, firmware, mac, sn, connection, options (spec §2). */
export function GatewayTable(props: Props) {
  const { gateways, latest, sort, onSort, onOpen, actions, isAdmin, MonitoringButton } = props;
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const lastPage = Math.max(0, Math.ceil(gateways.length / pageSize) - 1);
  const shown = gateways.slice(
    Math.min(page, lastPage) * pageSize,
    (Math.min(page, lastPage) + 1) * pageSize,
  );

  const head = (property: SortProperty, label: string, sx?: object) => (
    <TableCell sx={sx} sortDirection={sort.property === property ? sort.direction : false}>
      <TableSortLabel
        active={sort.property === property}
        direction={sort.property === property ? sort.direction : 'asc'}
        onClick={() => onSort(nextSort(sort, property))}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <TableContainer>
        <Table
          size="small"
          aria-label={t('gateways.tableLabel')}
          sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              {head('name', t('gateways.columns.name'))}
              {head('type', t('gateways.columns.type'), {
                display: { xs: 'none', sm: 'table-cell' },
              })}
              {head('online', t('gateways.columns.online'))}
              {head('version', t('gateways.columns.firmware'))}
              {head('mac', t('gateways.columns.mac'), WIDE_ONLY)}
              {head('sn', t('gateways.columns.sn'), WIDE_ONLY)}
              <TableCell sx={WIDE_ONLY}>{t('gateways.columns.connection')}</TableCell>
              {actions && <TableCell align="right">{t('gateways.columns.options')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((gw) => {
              const cell = versionCellState(gw, latest);
              return (
                <TableRow
                  key={gw.mac}
                  hover
                  onClick={() => onOpen(gw)}
                  // The keyboard opens it too: focusable row, Enter (not on its own buttons).
                  tabIndex={0}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(gw);
                  }}
                  sx={{
                    cursor: 'pointer',
                    height: 56,
                    '&:focus-visible': {
                      outline: '2px solid',
                      outlineColor: 'primary.main',
                      outlineOffset: '-2px',
                    },
                  }}
                  data-testid={`gateway-row-${gw.mac}`}
                >
                  <TableCell sx={{ fontWeight: 600, maxWidth: 260 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography
                        variant="body2"
                        sx={{ fontWeight: 600, overflowWrap: 'break-word', minWidth: 0 }}
                      >
                        {gw.name}
                      </Typography>
                      {gw.virtual === 1 && (
                        <Chip
                          size="small"
                          label={t('gateways.virtual')}
                          sx={{ height: 20, fontSize: 11 }}
                        />
                      )}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t(`gatewayType.${gw.type}`)}
                  </TableCell>
                  <TableCell>
                    <StatusDot
                      color={gw.online ? 'success' : 'error'}
                      label={t(gw.online ? 'gateways.status.online' : 'gateways.status.offline')}
                    />
                  </TableCell>
                  <TableCell>
                    <VersionCell state={cell} />
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {formatMac(gw.mac)}
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, fontFamily: 'monospace' }}>{gw.sn}</TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {gw.connection ? (
                      <Tooltip title={t('gateways.connected')}>
                        <VpnLockIcon
                          color="success"
                          fontSize="small"
                          sx={{ verticalAlign: 'middle' }}
                          aria-label={t('gateways.connected')}
                        />
                      </Tooltip>
                    ) : (
                      <Typography color="text.disabled" aria-label={t('gateways.notConnected')}>
                        —
                      </Typography>
                    )}
                  </TableCell>
                  {actions && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <MonitoringButton gateway={gw} />
                      <GatewayRowMenu
                        gateway={gw}
                        status={versionStatus(gw.type, gw.version, latest?.[gw.type])}
                        isAdmin={isAdmin}
                        actions={actions}
                      />
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {gateways.length > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={gateways.length}
          page={Math.min(page, lastPage)}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('table.displayedRows', { from, to, total: count })
          }
        />
      )}
    </>
  );
}
