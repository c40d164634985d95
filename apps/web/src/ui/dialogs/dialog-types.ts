export interface ConfirmOptions {
  title: string;
  /** HTML, sanitised with DOMPurify before display. */
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Default true. */
  showConfirm?: boolean;
  /** Default true. */
  showCancel?: boolean;
  /** Shows a spinner under the message. */
  loading?: boolean;
  /**
   * Runs on confirm with a spinner on the button; the dialog closes when it settles
   * and confirm() resolves true, or false if it threw (handle errors inside it).
   */
  onConfirm?: () => Promise<unknown>;
}

export interface PromptOptions {
  title: string;
  label: string;
  placeholder?: string;
  /** Plain-text explanation above the field. */
  message?: string;
  initialValue?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /**
   * Checks or sends the text on confirm, with a spinner on the button: null closes the
   * dialog and prompt() resolves the text; a message key keeps it open with the text and
   * shows the message on the field (a server's refusal must not lose the input). A throw
   * shows the generic error.
   */
  submit?: (text: string) => Promise<string | null> | string | null;
}

export type DialogRequest =
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (ok: boolean) => void }
  | { id: number; kind: 'prompt'; options: PromptOptions; resolve: (text: string | null) => void };
