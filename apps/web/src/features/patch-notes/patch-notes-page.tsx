import { PlaceholderPage } from '../../ui/placeholder-page';

export function PatchNotesPage() {
  return <PlaceholderPage titleKey="pages.patchNotes.title" />;
}
