import type { WaitingReply } from '@atrium/contracts/gateway';

/** What the waiting lookup means for the stepper (spec §4 Add gateway). */
export type AddPlan =
  /** Waiting: name it, then create it on the account (and link it to the project). */
  | { kind: 'claim'; suggestedName: string }
  /** Already in this project: skip the name and move steps, only initialise. */
  | { kind: 'inProject'; name: string }
  /** On the account, in no project or in another one: offer to move it here. */
  | { kind: 'move'; name: string; from: { id: string; name: string } | null };

export function planAdd(reply: WaitingReply, projectId: string): AddPlan {
  const { gw } = reply;
  if (reply.waiting) return { kind: 'claim', suggestedName: gw.name };
  if (gw.project === projectId) return { kind: 'inProject', name: gw.name };
  const from = gw.project ? { id: gw.project, name: gw.projectName ?? gw.project } : null;
  return { kind: 'move', name: gw.name, from };
}

/** The steps of the stepper: method, name, confirm (start now or later). */
export const ADD_STEPS = ['method', 'name', 'confirm'] as const;
export type AddStep = (typeof ADD_STEPS)[number];

/** Where the stepper goes once the gateway is identified (and a move accepted). */
export function stepAfterLookup(plan: AddPlan): AddStep {
  return plan.kind === 'claim' ? 'name' : 'confirm';
}

/** Ways to identify the gateway in the first step. */
export const ADD_METHODS = ['qr', 'manual', 'demo'] as const;
export type AddMethod = (typeof ADD_METHODS)[number];
