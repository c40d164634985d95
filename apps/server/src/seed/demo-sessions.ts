import { newId } from '../lib/ids';
import type { VpnModule } from '../modules/vpn/vpn.module';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A little remote access history on the demo's live gateways, so that their access log shows
 * what one looks like before anybody opened a session: who, when, for how long, what was
 * reached and how much went through.
 */
export async function seedDemoSessions(
  vpn: Pick<VpnModule, 'repo'>,
  gateways: { id: string; mac: string; project_id: string | null; team_id: string | null }[],
  openedBy: string,
  now = Date.now(),
) {
  const rows = gateways.slice(0, 2).flatMap((gw, i) => {
    const base = {
      gateway_id: gw.id,
      mac: gw.mac,
      project_id: gw.project_id,
      team_id: gw.team_id ?? '',
      opened_by: openedBy,
    };
    const opened = [now - (3 + i) * DAY - 5 * HOUR, now - (12 + i) * DAY - 2 * HOUR];
    return [
      {
        ...base,
        id: newId(),
        opened_at: opened[0] ?? now,
        until: (opened[0] ?? now) + 4 * HOUR,
        closed_at: (opened[0] ?? now) + 50 * 60_000,
        close_reason: 'disconnected',
        connected_at: (opened[0] ?? now) + 4_000,
        reached: 'ets,http',
        bytes_in: 2_480_000 + i * 310_000,
        bytes_out: 412_000 + i * 52_000,
      },
      {
        ...base,
        id: newId(),
        opened_at: opened[1] ?? now,
        until: (opened[1] ?? now) + 2 * HOUR,
        closed_at: (opened[1] ?? now) + 2 * HOUR,
        close_reason: 'expired',
        connected_at: (opened[1] ?? now) + 3_000,
        reached: 'http',
        bytes_in: 860_000,
        bytes_out: 95_000,
      },
    ];
  });
  await vpn.repo.insertPast(rows);
}
