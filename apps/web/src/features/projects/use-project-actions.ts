import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '@atrium/contracts/project';
import { apiErrorCode } from '../../lib/api/error-key';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { copyText } from '../../lib/clipboard';
import { usePrompt } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import { projectsApi } from './projects-api';

type Project = Pick<ProjectItem, '_id' | 'name'>;

/** projectNameAlreadyInUse shows projectNameAlreadyUsed (document 2 §8). */
const isNameTaken = (error: unknown) => apiErrorCode(error) === 'projectNameAlreadyInUse';

/** Add, rename, delete and copy-id of a project, with the messages of spec §8. */
export function useProjectActions() {
  const { t } = useTranslation();
  const prompt = usePrompt();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.projects });

  return {
    create: async (): Promise<ProjectItem | null> => {
      const name = await prompt({
        title: t('projects.actions.add'),
        label: t('projects.projectName'),
        confirmLabel: t('projects.actions.create'),
      });
      if (name === null) return null;
      try {
        const project = await projectsApi.create(name);
        notify.success('projects.created', { values: { name: project.name }, duration: 3000 });
        await refresh();
        return project;
      } catch (error) {
        if (isNameTaken(error)) notify.error('projectNameAlreadyUsed');
        else notify.apiError(error);
        return null;
      }
    },

    rename: async (project: Project): Promise<void> => {
      const name = await prompt({
        title: t('projects.actions.rename'),
        label: t('projects.projectName'),
        initialValue: project.name,
      });
      if (name === null || name === project.name) return;
      try {
        await projectsApi.rename(project._id, name);
        notify.success('changeSuccess');
        await refresh();
      } catch (error) {
        notify.error(isNameTaken(error) ? 'projectNameAlreadyUsed' : 'invalidRename');
      }
    },

    /** The exact name must be typed (spec §5). True when the project is gone. */
    remove: async (project: Project): Promise<boolean> => {
      const typed = await prompt({
        title: t('projects.actions.delete'),
        message: t('projects.deleteConfirm', { name: project.name }),
        label: t('projects.projectName'),
        placeholder: project.name,
        confirmLabel: t('projects.actions.delete'),
      });
      if (typed === null) return false;
      if (typed !== project.name.trim()) {
        notify.error('invalidName');
        return false;
      }
      try {
        await projectsApi.remove(project._id);
        notify.success('deletedProject', { duration: 3000 });
        await Promise.all([
          refresh(),
          queryClient.invalidateQueries({ queryKey: QUERY_KEYS.gateways }),
        ]);
        return true;
      } catch {
        notify.error('notDeletedProject');
        return false;
      }
    },

    copyId: async (project: Project): Promise<void> => {
      if (await copyText(project._id)) notify.success('addressCopied');
      else notify.error();
    },
  };
}
