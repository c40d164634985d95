import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Rank } from '@atrium/contracts/limits';
import { useSession } from '../lib/session/use-session';

/** Pages reserved to some ranks send everyone else back to the projects list. */
export function RequireRank({ ranks, children }: { ranks: readonly Rank[]; children: ReactNode }) {
  const user = useSession();
  if (!user || !ranks.includes(user.rank)) return <Navigate to="/projects/list" replace />;
  return children;
}
