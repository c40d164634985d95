import { PlaceholderPage } from '../../ui/placeholder-page';

export function AdminPage() {
  return <PlaceholderPage titleKey="pages.admin.title" />;
}
