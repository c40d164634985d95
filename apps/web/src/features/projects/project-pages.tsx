import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /projects/:projectID — gateways of a project. */
export function ProjectGatewaysPage() {
  const { t } = useTranslation();
  const { projectID = '' } = useParams();
  return (
    <PlaceholderPage
      titleKey="pages.gateways.title"
      subtitle={t('pages.projectId', { id: projectID })}
    />
  );
}

/** /projects/:projectID/gateway/:gatewayID — gateway details. */
export function GatewayDetailsPage() {
  const { t } = useTranslation();
  const { gatewayID = '' } = useParams();
  return (
    <PlaceholderPage
      titleKey="pages.gatewayDetails.title"
      subtitle={t('pages.gatewayId', { id: gatewayID })}
    />
  );
}

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
