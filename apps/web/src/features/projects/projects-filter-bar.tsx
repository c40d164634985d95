import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useTranslation } from 'react-i18next';
import { GATEWAY_TYPES } from '@atrium/contracts/limits';
import { PROJECT_FEATURES } from '@atrium/contracts/project';
import { MultiSelect } from '../../ui/multi-select';
import { RefreshButton } from '../../ui/refresh-button';
import { SearchField } from '../../ui/search-field';
import {
  FEATURE_RULES,
  hasProjectFilters,
  NO_PROJECT_FILTERS,
  ONLINE_LEVELS,
  type ProjectFilters,
} from './project-filters';

interface Props {
  filters: ProjectFilters;
  onChange: (filters: ProjectFilters) => void;
  onRefresh: () => Promise<unknown>;
}

/** Search by name; gateway type, online status and features filters; clear all; refresh. */
export function ProjectsFilterBar({ filters, onChange, onRefresh }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<ProjectFilters>) => onChange({ ...filters, ...patch });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2 }}>
      <SearchField
        label={t('projects.search')}
        value={filters.search}
        onChange={(search) => set({ search })}
      />
      <MultiSelect
        label={t('projects.filters.type')}
        allLabel={t('filters.all')}
        options={GATEWAY_TYPES.map((type) => ({ value: type, label: t(`gatewayType.${type}`) }))}
        value={filters.types}
        onChange={(types) => set({ types })}
      />
      <MultiSelect
        label={t('projects.filters.online')}
        allLabel={t('filters.all')}
        options={ONLINE_LEVELS.map((level) => ({
          value: level,
          label: t(`projects.online.${level}`),
        }))}
        value={filters.online}
        onChange={(online) => set({ online })}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          flex: '1 1 260px',
          maxWidth: { sm: 340 },
        }}
      >
        <MultiSelect
          label={t('projects.filters.features')}
          allLabel={t('filters.all')}
          options={PROJECT_FEATURES.map((f) => ({ value: f, label: t(`projects.features.${f}`) }))}
          value={filters.features}
          onChange={(features) => set({ features })}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filters.rule}
          onChange={(_, rule: ProjectFilters['rule'] | null) => rule && set({ rule })}
          aria-label={t('projects.filters.rule')}
          disabled={filters.features.length === 0}
          sx={{ height: 40 }}
        >
          {FEATURE_RULES.map((rule) => (
            <ToggleButton
              key={rule}
              value={rule}
              sx={{ px: 1.25, textTransform: 'none', whiteSpace: 'nowrap' }}
            >
              {t(`projects.filters.rules.${rule}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Button
        color="inherit"
        startIcon={<FilterAltOffIcon />}
        disabled={!hasProjectFilters(filters)}
        onClick={() => onChange(NO_PROJECT_FILTERS)}
        sx={{ color: 'text.secondary' }}
      >
        {t('filters.clearAll')}
      </Button>
      <Box sx={{ flex: 1 }} />
      <RefreshButton onRefresh={onRefresh} />
    </Box>
  );
}
