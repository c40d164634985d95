import { PlaceholderPage } from '../../ui/placeholder-page';

export function GrafnxGeneratorPage() {
  return <PlaceholderPage titleKey="pages.grafnx.title" />;
}
