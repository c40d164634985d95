import { PlaceholderPage } from '../../ui/placeholder-page';

/** /projects/list — the projects table comes with the next issue. */
export function ProjectsListPage() {
  return <PlaceholderPage titleKey="pages.projects.title" back={false} />;
}
