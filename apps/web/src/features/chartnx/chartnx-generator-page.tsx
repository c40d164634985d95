import { useParams } from 'react-router';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** Chart generator: a new dashboard, or an existing one when a dashboard id is given. */
export function ChartnxGeneratorPage() {
  const { dashboardID } = useParams();
  return (
    <PlaceholderPage
      titleKey={dashboardID ? 'pages.chartnx.modificationTitle' : 'pages.chartnx.creationTitle'}
    />
  );
}
