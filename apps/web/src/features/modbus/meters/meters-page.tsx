import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { ModbusMeter } from '@atrium/contracts/modbus';
import { useConfirm } from '../../../ui/dialogs/dialog-context';
import { SearchField } from '../../../ui/search-field';
import { gatewayNamesQuery, metersQuery } from '../api/modbus-api';
import type { FormMode } from '../form-rules';
import { ListState } from '../list-state';
import { useModbusProject } from '../use-modbus-project';
import { ModbusLayout } from '../layout/modbus-layout';
import { useModbusLayout } from '../layout/use-modbus-layout';
import { emptyMeterForm, meterFormOf, type MeterForm } from '../meter-form';
import { byName, dataGateways } from '../modbus-lists';
import { MeterFormPanel } from './meter-form-panel';
import { MetersTable } from './meters-table';
import { useMeterActions } from './use-meter-actions';

interface Editing {
  mode: FormMode;
  initial: MeterForm;
  /** A new form each time one is opened. */
  key: number;
}

/** projects/:projectID/modbus-configuration-new/meters (document 3 §2). */
export function ModbusMetersPage() {
  const { projectID = '' } = useParams();
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { mobile, sidebar } = useModbusLayout();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const { project, canEdit } = useModbusProject(projectID);
  const meters = useQuery(metersQuery(projectID));
  const names = useQuery(gatewayNamesQuery(projectID));
  const close = () => setEditing(null);
  const actions = useMeterActions(projectID, close);
  const gateways = dataGateways(names.data ?? []);
  const nameOf = new Map((names.data ?? []).map((g) => [g.mac, g.name]));

  const open = (mode: FormMode, meter?: ModbusMeter) =>
    setEditing({
      mode,
      initial:
        meter && mode !== 'create' ? meterFormOf(meter, mode) : emptyMeterForm(gateways[0]?.mac),
      key: (editing?.key ?? 0) + 1,
    });
  const remove = async (meter: ModbusMeter) => {
    const ok = await confirm({
      title: t('modbus.meters.deleteTitle'),
      message: t('modbus.meters.deleteMessage', { name: meter.name }),
      confirmLabel: t('modbus.actions.delete'),
    });
    if (ok) actions.remove.mutate(meter);
  };
  const shown = byName(meters.data ?? [], search);

  return (
    <ModbusLayout
      projectId={projectID}
      title={t('modbus.meters.title')}
      subtitle={project?.name}
      actions={
        canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open('create')}>
            {t('modbus.meters.new')}
          </Button>
        )
      }
      filters={<SearchField label={t('modbus.filters.name')} value={search} onChange={setSearch} />}
      panel={
        editing && (
          <MeterFormPanel
            key={editing.key}
            mode={editing.mode}
            initial={editing.initial}
            gateways={gateways}
            pending={actions.save.isPending}
            onSave={(form) => actions.save.mutate(form)}
            onClose={close}
          />
        )
      }
      onClosePanel={close}
    >
      <ListState
        query={meters}
        count={shown.length}
        messageKey={search ? 'modbus.meters.noMatch' : 'modbus.meters.empty'}
      >
        <MetersTable
          meters={shown}
          gatewayNames={nameOf}
          readOnly={!canEdit}
          compact={mobile || (editing !== null && !sidebar)}
          onToggle={(meter) => actions.toggle.mutate(meter)}
          onEdit={(meter) => open('edit', meter)}
          onDuplicate={(meter) => open('duplicate', meter)}
          onDelete={(meter) => void remove(meter)}
        />
      </ListState>
    </ModbusLayout>
  );
}
