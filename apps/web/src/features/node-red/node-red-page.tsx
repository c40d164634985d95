import { PlaceholderPage } from '../../ui/placeholder-page';

/** Flow-editor modules. */
export function NodeRedPage() {
  return <PlaceholderPage titleKey="pages.nodeRed.title" />;
}
