import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /projects/modbus-configuration/:id */
export function ModbusConfigurationPage() {
  return <PlaceholderPage titleKey="pages.modbusConfiguration.title" />;
}
