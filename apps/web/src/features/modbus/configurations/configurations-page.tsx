import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { ModbusValue } from '@atrium/contracts/modbus';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { MultiSelect } from '../../../ui/multi-select';
import { SearchField } from '../../../ui/search-field';
import { metersQuery, valuesQuery } from '../api/modbus-api';
import type { FormMode } from '../form-rules';
import { ModbusLayout } from '../layout/modbus-layout';
import { ListState } from '../list-state';
import { useModbusProject } from '../use-modbus-project';
import { groupValues, nextSort, NO_METER, type Sort } from '../modbus-lists';
import { emptyValueForm, valueFormOf, type ValueForm } from '../value-form';
import { ConfigurationsTable } from './configurations-table';
import { useValueActions } from './use-value-actions';
import { ValueFormPanel } from './value-form-panel';

interface Editing {
  mode: FormMode;
  initial: ValueForm;
  key: number;
}

/** projects/:projectID/modbus-configuration-new/configurations (document 3 §2). */
export function ModbusConfigurationsPage() {
  const { projectID = '' } = useParams();
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const [meterIds, setMeterIds] = useState<string[]>([]);
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'asc' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const { project, canEdit } = useModbusProject(projectID);
  const meters = useQuery(metersQuery(projectID));
  const values = useQuery(valuesQuery(projectID));
  const close = () => setEditing(null);
  const actions = useValueActions(projectID, close);
  const meterList = meters.data ?? [];

  const open = (mode: FormMode, value?: ModbusValue) =>
    setEditing({
      mode,
      initial:
        value && mode !== 'create'
          ? valueFormOf(value, mode, i18n.language)
          : emptyValueForm(meterList[0]?.id),
      key: (editing?.key ?? 0) + 1,
    });
  const remove = async (value: ModbusValue) => {
    const ok = await confirm({
      title: t('modbus.configurations.deleteTitle'),
      message: t('modbus.configurations.deleteMessage', { name: value.name }),
      confirmLabel: t('modbus.actions.delete'),
    });
    if (ok) actions.remove.mutate(value);
  };
  const groups = groupValues(meterList, values.data ?? [], { text: search, meterIds, sort });
  const filtered = search !== '' || meterIds.length > 0;
  const options = [
    ...meterList.map((m) => ({ value: m.id, label: m.name })),
    { value: NO_METER, label: t('noMeter') },
  ];

  return (
    <ModbusLayout
      projectId={projectID}
      title={t('modbus.configurations.title')}
      subtitle={project?.name}
      actions={
        canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open('create')}>
            {t('modbus.configurations.new')}
          </Button>
        )
      }
      filters={
        <>
          <SearchField label={t('modbus.filters.name')} value={search} onChange={setSearch} />
          <MultiSelect
            label={t('modbus.filters.meters')}
            allLabel={t('modbus.filters.allMeters')}
            options={options}
            value={meterIds}
            onChange={setMeterIds}
            minWidth={200}
          />
        </>
      }
      panel={
        editing && (
          <ValueFormPanel
            key={editing.key}
            mode={editing.mode}
            initial={editing.initial}
            meters={meterList}
            pending={actions.save.isPending}
            onSave={(form) => actions.save.mutate(form)}
            onClose={close}
          />
        )
      }
      onClosePanel={close}
    >
      <ListState
        query={{ isPending: values.isPending, isError: values.isError || meters.isError }}
        count={groups.length}
        messageKey={filtered ? 'modbus.configurations.noMatch' : 'modbus.configurations.empty'}
      >
        <ConfigurationsTable
          groups={groups}
          sort={sort}
          readOnly={!canEdit}
          onSort={(column) => setSort(nextSort(sort, column))}
          onEdit={(value) => open('edit', value)}
          onDuplicate={(value) => open('duplicate', value)}
          onDelete={(value) => void remove(value)}
        />
      </ListState>
    </ModbusLayout>
  );
}
