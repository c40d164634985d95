import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { onSignOut } from '../../lib/session/session';
import { DialogContext, type DialogApi } from './dialog-context';
import type { ConfirmOptions, DialogRequest, PromptOptions } from './dialog-types';

// Loaded on first use, so DOMPurify stays out of the sign-in page's bundle.
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);
const PromptDialog = lazy(() =>
  import('./prompt-dialog').then((m) => ({ default: m.PromptDialog })),
);

/** Hosts the promise-returning confirm and prompt dialogs; all close on sign-out. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [requests, setRequests] = useState<DialogRequest[]>([]);
  const nextId = useRef(1);
  const pending = useRef<DialogRequest[]>([]);

  const settle = useCallback((id: number, settleOne: (r: DialogRequest) => void) => {
    const request = pending.current.find((r) => r.id === id);
    if (!request) return;
    pending.current = pending.current.filter((r) => r.id !== id);
    setRequests(pending.current);
    settleOne(request);
  }, []);

  const open = useCallback((request: DialogRequest) => {
    pending.current = [...pending.current, request];
    setRequests(pending.current);
  }, []);

  const api = useMemo<DialogApi>(
    () => ({
      confirm: (options: ConfirmOptions) =>
        new Promise<boolean>((resolve) =>
          open({ id: nextId.current++, kind: 'confirm', options, resolve }),
        ),
      prompt: (options: PromptOptions) =>
        new Promise<string | null>((resolve) =>
          open({ id: nextId.current++, kind: 'prompt', options, resolve }),
        ),
      closeAll: () => {
        const all = pending.current;
        pending.current = [];
        setRequests([]);
        for (const r of all) {
          if (r.kind === 'confirm') r.resolve(false);
          else r.resolve(null);
        }
      },
    }),
    [open],
  );

  useEffect(() => onSignOut(api.closeAll), [api]);

  return (
    <DialogContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {requests.map((request) =>
          request.kind === 'confirm' ? (
            <ConfirmDialog
              key={request.id}
              options={request.options}
              onClose={(ok) => settle(request.id, (r) => r.kind === 'confirm' && r.resolve(ok))}
            />
          ) : (
            <PromptDialog
              key={request.id}
              options={request.options}
              onClose={(text) => settle(request.id, (r) => r.kind === 'prompt' && r.resolve(text))}
            />
          ),
        )}
      </Suspense>
    </DialogContext.Provider>
  );
}
