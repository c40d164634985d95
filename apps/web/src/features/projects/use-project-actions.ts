import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '@atrium/contracts/project';
import { apiErrorCode, errorMessageKey } from '../../lib/api/error-key';
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
      // Refusals show on the prompt's field (see below), which stays open.
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => projectsApi.rename(id, name),
      onSuccess: () => {
        notify.success('changeSuccess');
        return refresh();
      },
    }),
    remove: useMutation({
      mutationFn: projectsApi.remove,
      onSuccess: () => {
        notify.success('deletedProject', { duration: 3000 });
        return invalidate(queryClient, QUERY_KEYS.projects, QUERY_KEYS.gateways);
      },
    }),
  };
}

/** Add, rename, delete and copy-id of a project, with the messages of spec §8. */
export function useProjectActions() {
  const { t } = useTranslation();
  const prompt = usePrompt();
  const calls = useProjectMutations();

  return {
    /** A refused name (projectNameAlreadyUsed…) shows on the field; the dialog stays open. */
    create: async (): Promise<ProjectItem | null> => {
      let created: ProjectItem | null = null;
      await prompt({
        title: t('projects.actions.add'),
        label: t('projects.projectName'),
        confirmLabel: t('projects.actions.create'),
        submit: (name) =>
          calls.create.mutateAsync(name).then(
            (project) => {
              created = project;
              return null;
            },
            (error: unknown) => errorMessageKey(error, NAME_TAKEN),
          ),
      });
      return created;
    },

    /** Prefilled with the name; a refusal shows on the field (any other failure as invalidRename, spec §8). */
    rename: async (project: Project): Promise<void> => {
      await prompt({
        title: t('projects.actions.rename'),
        label: t('projects.projectName'),
        initialValue: project.name,
        submit: (name) =>
          name === project.name
            ? null
            : calls.rename.mutateAsync({ id: project._id, name }).then(
                () => null,
                (error: unknown) =>
                  apiErrorCode(error) === 'projectNameAlreadyInUse'
                    ? NAME_TAKEN.projectNameAlreadyInUse
                    : 'invalidRename',
              ),
      });
    },

    /**
     * The exact name must be typed (spec §5): a wrong name (invalidName) or a refused
     * deletion (notDeletedProject) shows on the field. True when the project is gone.
     */
    remove: async (project: Project): Promise<boolean> => {
      const typed = await prompt({
        title: t('projects.actions.delete'),
        message: t('projects.deleteConfirm', { name: project.name }),
        label: t('projects.projectName'),
        placeholder: project.name,
        confirmLabel: t('projects.actions.delete'),
        submit: (text) =>
          text !== project.name.trim()
            ? 'invalidName'
            : calls.remove.mutateAsync(project._id).then(
                () => null,
                () => 'notDeletedProject',
              ),
      });
      return typed !== null;
    },

    copyId: async (project: Project): Promise<void> => {
      if (await copyText(project._id)) notify.success('projectIdCopied');
      else notify.error();
    },
  };
}
