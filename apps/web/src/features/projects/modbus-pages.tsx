import { PlaceholderPage } from '../../ui/placeholder-page';

export function ModbusMetersPage() {
  return <PlaceholderPage titleKey="pages.modbusMeters.title" />;
}

export function ModbusConfigurationsPage() {
  return <PlaceholderPage titleKey="pages.modbusConfigurations.title" />;
}

/** /projects/modbus-configuration/:id */
export function ModbusConfigurationPage() {
  return <PlaceholderPage titleKey="pages.modbusConfiguration.title" />;
}
