import { useState } from 'react';
import { useSession } from '../../../lib/session/use-session';
import { AccountsDialog } from './accounts-dialog';

/** The manage-accounts dialog of the projects list (supervisor and manager). */
export function useAccountsDialog() {
  const user = useSession();
  const [open, setOpen] = useState(false);
  const element = open && user && (
    <AccountsDialog ownEmail={user.email} onClose={() => setOpen(false)} />
  );
  return { open: () => setOpen(true), element };
}
