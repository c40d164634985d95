import type { GatewayItem } from '@atrium/contracts/gateway';

/** What the firmware card shows of a running update (spec §2 and §3, `step`). */
export type UpdateProgress =
  | { kind: 'idle' }
  /** Sent: the gateway downloads and checks the file ("updating"). */
  | { kind: 'sent' }
  | { kind: 'flashing'; done: number; total: number; percent: number }
  | { kind: 'booting' };

const STEP = /^(\d+)\s*\/\s*(\d+)$/;

export function updateProgress(step: GatewayItem['step']): UpdateProgress {
  if (step === null || step === '') return { kind: 'idle' };
  if (step === -1 || step === '-1') return { kind: 'booting' };
  const m = STEP.exec(String(step));
  const done = Number(m?.[1]);
  const total = Number(m?.[2]);
  if (!m || !(total > 0)) return { kind: 'sent' };
  return {
    kind: 'flashing',
    done,
    total,
    percent: Math.min(100, Math.round((done / total) * 100)),
  };
}
