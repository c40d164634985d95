import { createContext, useContext } from 'react';
import type { ConfirmOptions, PromptOptions } from './dialog-types';

export interface DialogApi {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  prompt: (options: PromptOptions) => Promise<string | null>;
  closeAll: () => void;
}

export const DialogContext = createContext<DialogApi | null>(null);

function useDialogApi(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('Dialog hooks need <DialogProvider>');
  return api;
}

/** `const ok = await confirm({ title, message })`: true on confirm, false when closed. */
export function useConfirm(): DialogApi['confirm'] {
  return useDialogApi().confirm;
}

/** `const name = await prompt({ title, label })`: the text, or null on cancel. */
export function usePrompt(): DialogApi['prompt'] {
  return useDialogApi().prompt;
}
