import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '@atrium/contracts/project';
import { apiErrorCode } from '../../lib/api/error-key';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { copyText } from '../../lib/clipboard';
import { usePrompt } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import { projectsApi } from './api/projects-api';

type Project = Pick<ProjectItem, '_id' | 'name'>;

/** projectNameAlreadyInUse shows projectNameAlreadyUsed (document 2 §8). */
const NAME_TAKEN = { projectNameAlreadyInUse: 'projectNameAlreadyUsed' } as const;

/** The calls behind the project actions, with the messages of spec §8 and a list refresh. */
function useProjectMutations() {
  const queryClient = useQueryClient();
  const refresh = () => invalidate(queryClient, QUERY_KEYS.projects);
  return {
    create: useMutation({
      mutationFn: projectsApi.create,
      onSuccess: (project) => {
        notify.success('projects.created', { values: { name: project.name }, duration: 3000 });
        return refresh();
      },
      onError: (error) => notify.apiError(error, NAME_TAKEN),
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => projectsApi.rename(id, name),
      onSuccess: () => {
        notify.success('changeSuccess');
        return refresh();
      },
      // Any other failure is shown as invalidRename (spec §8), not by its code.
      onError: (error) =>
        notify.error(
          apiErrorCode(error) === 'projectNameAlreadyInUse'
            ? NAME_TAKEN.projectNameAlreadyInUse
            : 'invalidRename',
        ),
    }),
    remove: useMutation({
      mutationFn: projectsApi.remove,
      onSuccess: () => {
        notify.success('deletedProject', { duration: 3000 });
        return invalidate(queryClient, QUERY_KEYS.projects, QUERY_KEYS.gateways);
      },
      onError: () => notify.error('notDeletedProject'),
    }),
  };
}

/** Add, rename, delete and copy-id of a project, with the messages of spec §8. */
export function useProjectActions() {
  const { t } = useTranslation();
  const prompt = usePrompt();
  const calls = useProjectMutations();

  return {
    create: async (): Promise<ProjectItem | null> => {
      const name = await prompt({
        title: t('projects.actions.add'),
        label: t('projects.projectName'),
        confirmLabel: t('projects.actions.create'),
      });
      if (name === null) return null;
      return calls.create.mutateAsync(name).catch(() => null);
    },

    rename: async (project: Project): Promise<void> => {
      const name = await prompt({
        title: t('projects.actions.rename'),
        label: t('projects.projectName'),
        initialValue: project.name,
      });
      if (name === null || name === project.name) return;
      calls.rename.mutate({ id: project._id, name });
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
      return calls.remove.mutateAsync(project._id).then(
        () => true,
        () => false,
      );
    },

    copyId: async (project: Project): Promise<void> => {
      if (await copyText(project._id)) notify.success('addressCopied');
      else notify.error();
    },
  };
}
