import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ActivityAction } from '@atrium/contracts/activity';
import { MultiSelect } from '../../ui/multi-select';
import { SearchField } from '../../ui/search-field';
import { hasFilters, NO_FILTERS, type ActivityFilterState } from './activity-filters';
import { ACTION_GROUPS } from './activity-format';

interface Props {
  filters: ActivityFilterState;
  onChange: (filters: ActivityFilterState) => void;
}

/** Typing in the actor field asks the server once the typing pauses. */
const ACTOR_PAUSE_MS = 350;

/** The log's filters: action types, actor, from and to days (Paris time). */
export function ActivityFiltersBar({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const [actor, setActor] = useState(filters.actor);
  useEffect(() => {
    if (actor === filters.actor) return;
    const timer = setTimeout(() => onChange({ ...filters, actor }), ACTOR_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [actor, filters, onChange]);
  const options = ACTION_GROUPS.flatMap((g) =>
    g.actions.map((a) => ({ value: a, label: t(`activity.action.${a}`) })),
  );
  const day = (key: 'from' | 'to') => (
    <TextField
      size="small"
      type="date"
      label={t(`activity.filters.${key}`)}
      value={filters[key]}
      onChange={(e) => onChange({ ...filters, [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: '1 1 150px', minWidth: 140, maxWidth: { sm: 180 } }}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <MultiSelect<ActivityAction>
        label={t('activity.filters.actions')}
        allLabel={t('activity.filters.allActions')}
        options={options}
        value={filters.actions}
        onChange={(actions) => onChange({ ...filters, actions })}
        minWidth={200}
      />
      <SearchField label={t('activity.filters.actor')} value={actor} onChange={setActor} />
      {day('from')}
      {day('to')}
      {(hasFilters(filters) || actor !== '') && (
        <Button
          onClick={() => {
            setActor('');
            onChange(NO_FILTERS);
          }}
        >
          {t('activity.filters.clear')}
        </Button>
      )}
    </Box>
  );
}
