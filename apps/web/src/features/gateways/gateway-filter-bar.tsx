import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '../../ui/multi-select';
import { RefreshButton } from '../../ui/refresh-button';
import { SearchField } from '../../ui/search-field';
import {
  FILTER_TYPES,
  GATEWAY_STATUSES,
  hasGatewayFilters,
  NO_GATEWAY_FILTERS,
  type GatewayFilters,
} from './gateway-filters';

interface Props {
  filters: GatewayFilters;
  onChange: (filters: GatewayFilters) => void;
  /** "online/total" of the whole project. */
  online: string;
  onRefresh: () => Promise<unknown>;
}

/** Search on name, MAC or serial; type and status filters; clear; online count; refresh. */
export function GatewayFilterBar({ filters, onChange, online, onRefresh }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2 }}>
      <SearchField
        label={t('gateways.search')}
        value={filters.search}
        onChange={(search) => onChange({ ...filters, search })}
      />
      <MultiSelect
        label={t('gateways.columns.type')}
        allLabel={t('filters.all')}
        options={FILTER_TYPES.map((type) => ({ value: type, label: t(`gatewayType.${type}`) }))}
        value={filters.types}
        onChange={(types) => onChange({ ...filters, types })}
      />
      <MultiSelect
        label={t('gateways.columns.online')}
        allLabel={t('filters.all')}
        options={GATEWAY_STATUSES.map((s) => ({ value: s, label: t(`gateways.status.${s}`) }))}
        value={filters.statuses}
        onChange={(statuses) => onChange({ ...filters, statuses })}
        minWidth={130}
      />
      <Button
        color="inherit"
        startIcon={<FilterAltOffIcon />}
        disabled={!hasGatewayFilters(filters)}
        onClick={() => onChange(NO_GATEWAY_FILTERS)}
        sx={{ color: 'text.secondary' }}
      >
        {t('filters.clear')}
      </Button>
      <Box sx={{ flex: 1 }} />
      <Chip
        color="success"
        variant="outlined"
        label={t('gateways.onlineCount', { value: online })}
        aria-label={t('gateways.onlineCountLabel', { value: online })}
        sx={{ fontWeight: 600 }}
      />
      <RefreshButton onRefresh={onRefresh} />
    </Box>
  );
}
