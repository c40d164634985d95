import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ModbusConfigurationsPage() {
  return <PlaceholderPage titleKey="pages.modbusConfigurations.title" />;
}
