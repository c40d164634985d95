import type { PreparedJson } from './prepared-json';

/**
 * Serialised lists (prepared JSON replies) kept until their team's revision moves
 * on (see team-revisions.repository.ts), so that the projects list and a
 * project's gateway table are built once per change, not once per request.
 * Least recently used entries go first when the cache outgrows its size;
 * requests that miss together share one build.
 */
export class RevisionCache {
  private readonly entries = new Map<string, { revision: number; reply: PreparedJson }>();
  private readonly building = new Map<string, Promise<PreparedJson>>();
  private size = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  async get(
    key: string,
    revision: number,
    build: () => Promise<PreparedJson>,
  ): Promise<PreparedJson> {
    const hit = this.entries.get(key);
    if (hit?.revision === revision) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.reply;
    }
    const flight = `${key}@${revision}`;
    const pending = this.building.get(flight);
    if (pending) return pending;
    const promise = build().finally(() => this.building.delete(flight));
    this.building.set(flight, promise);
    const reply = await promise;
    this.store(key, revision, reply);
    return reply;
  }

  private store(key: string, revision: number, reply: PreparedJson) {
    const old = this.entries.get(key);
    if (old && old.revision > revision) return;
    if (old) this.size -= old.reply.json.length;
    this.entries.delete(key);
    this.entries.set(key, { revision, reply });
    this.size += reply.json.length;
    for (const [k, e] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(k);
      this.size -= e.reply.json.length;
    }
  }
}
