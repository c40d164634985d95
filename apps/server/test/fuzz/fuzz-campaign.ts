import { RANKS, type Rank } from '@atrium/contracts/limits';
import { z } from 'zod';
import { knownValues, type KnownValues } from './known-values';
import { mutate } from './mutations';
import type { RouteSpec } from './openapi-routes';
import { caseSeed, mulberry32 } from './prng';
import { replyCode, replyProblem, type WireReply } from './reply-check';
import { describeRequest, toWire, type WireRequest } from './request-parts';
import { validRequest } from './valid-request';

export type Caller = Rank | 'anonymous';
export const CALLERS: readonly Caller[] = ['anonymous', ...RANKS];

/** The server under test, reached through `app.inject` or over HTTP. */
export interface FuzzTarget {
  send(req: WireRequest): Promise<WireReply>;
  /**
   * Fresh objects for one route's cases and a live session of every rank, so that a
   * route that deletes (a project, an account) does not starve the next.
   */
  freshValues(): Promise<RouteFixture>;
}

export const routeFixture = z.object({
  known: knownValues,
  tokens: z.record(z.enum(RANKS), z.string()),
});
export type RouteFixture = z.infer<typeof routeFixture>;

export interface CampaignOptions {
  seed: number;
  routes: RouteSpec[];
  /** Mutated requests per caller and route, after the one valid request (three times as many for uploads). */
  mutations: number;
  concurrency: number;
  timeoutMs: number;
}

export interface Failure {
  route: string;
  caller: Caller;
  caseNo: number;
  mutation: string;
  request: WireRequest;
  reply: WireReply | undefined;
  problem: string;
}

export interface CampaignResult {
  seed: number;
  sent: number;
  statuses: Map<number, number>;
  /** The statuses each caller got, to see how deep its requests went. */
  byCaller: Map<Caller, Map<number, number>>;
  failures: Failure[];
  healthFailures: string[];
  elapsedMs: number;
}

interface Case {
  route: RouteSpec;
  caller: Caller;
  caseNo: number;
}

/** The request of one case: valid for case 0, then one mutation of it; replays from the seed. */
export function caseRequest(
  c: Case,
  seed: number,
  known: KnownValues,
  tokens: Record<Rank, string>,
) {
  const rng = mulberry32(caseSeed(seed, c.route.key, c.caller, c.caseNo));
  const valid = validRequest(c.route, known, rng);
  if (c.caller !== 'anonymous') valid.headers.authorization = `Bearer ${tokens[c.caller]}`;
  const { parts, detail } = c.caseNo === 0 ? { parts: valid, detail: 'valid' } : mutate(valid, rng);
  return { request: toWire(parts), mutation: detail };
}

/** The reply, or why there was none (the connection failed, or no reply within `ms`). */
async function sendWithin(
  target: FuzzTarget,
  req: WireRequest,
  ms: number,
): Promise<WireReply | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no reply within ${ms} ms`), ms);
  });
  try {
    return await Promise.race([
      target.send(req).catch((err: unknown) => `no reply: ${String(err)}`),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function isHealthy(target: FuzzTarget, ms = 10_000): Promise<boolean> {
  const reply = await sendWithin(target, { method: 'GET', url: '/api/health', headers: {} }, ms);
  return typeof reply !== 'string' && reply.status === 200 && reply.body.includes('"ok"');
}

/** Sends every case of every route as every caller; stops early if the server stops answering. */
export async function runCampaign(target: FuzzTarget, o: CampaignOptions): Promise<CampaignResult> {
  const result: CampaignResult = {
    seed: o.seed,
    sent: 0,
    statuses: new Map(),
    byCaller: new Map(),
    failures: [],
    healthFailures: [],
    elapsedMs: 0,
  };
  const started = performance.now();
  for (const route of o.routes) {
    const { known, tokens } = await target.freshValues();
    // Uploads break in more ways (boundaries, truncation, names, counts): more cases for them.
    const mutations = route.body?.kind === 'multipart' ? o.mutations * 3 : o.mutations;
    const cases = CALLERS.flatMap((caller) =>
      Array.from({ length: mutations + 1 }, (_, caseNo) => ({ route, caller, caseNo })),
    );
    const worker = async () => {
      for (let c = cases.shift(); c; c = cases.shift()) {
        const { request, mutation } = caseRequest(c, o.seed, known, tokens);
        const answer = await sendWithin(target, request, o.timeoutMs);
        const reply = typeof answer === 'string' ? undefined : answer;
        result.sent++;
        const status = reply?.status ?? 0;
        result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
        const mine = result.byCaller.get(c.caller) ?? new Map<number, number>();
        result.byCaller.set(c.caller, mine.set(status, (mine.get(status) ?? 0) + 1));
        const problem = typeof answer === 'string' ? answer : replyProblem(answer);
        if (problem)
          result.failures.push({
            route: route.key,
            caller: c.caller,
            caseNo: c.caseNo,
            mutation,
            request,
            reply,
            problem,
          });
      }
    };
    await Promise.all(Array.from({ length: o.concurrency }, worker));
    if (!(await isHealthy(target))) {
      result.healthFailures.push(`GET /api/health failed after the cases of ${route.key}`);
      break;
    }
  }
  result.elapsedMs = performance.now() - started;
  return result;
}

export interface FailureGroup {
  example: Failure;
  count: number;
  routes: Set<string>;
}

/**
 * Failures grouped by cause: a 5xx by route, kind of mutation and status (each
 * handler fails its own way); a malformed 4xx by status and code, whatever the
 * route (they come from the framework's own replies).
 */
export function distinctFailures(failures: Failure[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const f of failures) {
    const code = f.reply ? String(replyCode(f.reply)) : 'none';
    const serverError = !f.reply || f.reply.status >= 500;
    const key = serverError
      ? [f.route, f.mutation.split(':')[0], f.problem].join(' | ')
      : [f.problem, code].join(' | ');
    const g = groups.get(key) ?? { example: f, count: 0, routes: new Set<string>() };
    g.count++;
    g.routes.add(f.route);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** A failure as the report prints it: how to replay it, the request, and the reply. */
export function formatFailure(g: FailureGroup, seed: number): string {
  const f = g.example;
  const reply = f.reply ? `${f.reply.status} ${f.reply.body.slice(0, 300)}` : 'no reply';
  const routes = [...g.routes];
  const on =
    routes.length > 1 ? ` on ${routes.length} routes (${routes.slice(0, 4).join(', ')}…)` : '';
  return [
    `${f.problem} (${g.count}×${on})`,
    `  example: ${f.route} as ${f.caller}, replay: FUZZ_SEED=${seed} FUZZ_ROUTE='${f.route}', case ${f.caseNo}`,
    `  mutation: ${f.mutation}`,
    `  ${describeRequest(f.request)}`,
    `  → ${reply}`,
  ].join('\n');
}

/** A status histogram as one line: `200×12 400×3`. */
export const histogram = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status || 'none'}×${n}`)
    .join(' ');
