import { Fragment } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ModbusValue } from '@atrium/contracts/modbus';
import { SORT_COLUMNS, type Sort, type SortColumn, type ValueGroup } from '../modbus-lists';
import { RowActions } from '../row-actions';

// Narrow cell padding: the list keeps every column beside the side panel.
const DENSE = { '& td, & th': { px: 1 }, '& td:first-of-type, & th:first-of-type': { pl: 2 } };

interface Props {
  groups: readonly ValueGroup[];
  sort: Sort;
  /** Without the right to change the project: no actions. */
  readOnly: boolean;
  onSort: (column: SortColumn) => void;
  onEdit: (value: ModbusValue) => void;
  onDuplicate: (value: ModbusValue) => void;
  onDelete: (value: ModbusValue) => void;
}

const HEADERS: Record<SortColumn, { labelKey: string }> = {
  name: { labelKey: 'modbus.value.name' },
  register: { labelKey: 'modbus.configurations.register' },
  type: { labelKey: 'modbus.configurations.type' },
  unitID: { labelKey: 'modbus.value.unitID' },
};

/** Configurations grouped under their meter, sorted by the clicked header (document 3 §2). */
export function ConfigurationsTable({ groups, sort, readOnly, onSort, ...on }: Props) {
  const { t } = useTranslation();
  const columns = SORT_COLUMNS.length + (readOnly ? 0 : 1);
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={DENSE} aria-label={t('modbus.configurations.title')}>
        <TableHead>
          <TableRow>
            {SORT_COLUMNS.map((column) => (
              <TableCell
                key={column}
                sx={{ whiteSpace: 'nowrap' }}
                sortDirection={sort.column === column ? sort.direction : false}
              >
                <TableSortLabel
                  active={sort.column === column}
                  direction={sort.column === column ? sort.direction : 'asc'}
                  onClick={() => onSort(column)}
                >
                  {t(HEADERS[column].labelKey)}
                </TableSortLabel>
              </TableCell>
            ))}
            {!readOnly && <TableCell align="right">{t('modbus.actions.title')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map(({ meter, values }) => (
            <Fragment key={meter?.id ?? 'no-meter'}>
              <TableRow data-testid="meter-group">
                <TableCell colSpan={columns} sx={{ bgcolor: 'action.hover', py: 1 }}>
                  <Typography component="span" sx={{ fontWeight: 700, mr: 1 }}>
                    {meter ? meter.name : t('noMeter')}
                  </Typography>
                  {meter && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {meter.network.ip}:{meter.network.port}
                    </Typography>
                  )}
                  <Chip
                    size="small"
                    label={t('modbus.configurations.count', { count: values.length })}
                    sx={{ ml: 1 }}
                  />
                </TableCell>
              </TableRow>
              {values.map((value) => (
                <TableRow key={value.id} hover>
                  <TableCell sx={{ pl: 3, minWidth: 150, overflowWrap: 'break-word' }}>
                    {value.name}
                    {value.unit && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        ({value.unit})
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    {value.options.registerAddress}
                  </TableCell>
                  <TableCell>{value.options.dataType}</TableCell>
                  <TableCell>{value.options.unitID}</TableCell>
                  {!readOnly && (
                    <TableCell align="right">
                      <RowActions
                        name={value.name}
                        onEdit={() => on.onEdit(value)}
                        onDuplicate={() => on.onDuplicate(value)}
                        onDelete={() => on.onDelete(value)}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
