import type { ModbusMeter } from '@atrium/contracts/modbus';
import { LiveTestButton } from '../live-test/live-test-button';
import { readSpecOf, type ValueForm } from '../value-form';

/** The configuration form's live test: the chosen meter's network and the typed value. */
export function ValueLiveTest({ meter, form }: { meter?: ModbusMeter; form: ValueForm }) {
  return (
    <LiveTestButton
      mac={meter?.gatewayMac}
      read={{ ip: meter?.network.ip, port: meter?.network.port, ...readSpecOf(form) }}
      name={form.name}
      unit={form.unit}
    />
  );
}
