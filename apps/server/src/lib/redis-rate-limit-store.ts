import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { z } from 'zod';

/**
 * One more call under `key`: its count in the window, and the window's time left (ms). A key
 * without expiry (never expected) gets one, so no count can outlive its window.
 */
const INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { current, ttl }
`;

const routeInfo = z.object({
  routeInfo: z.object({ method: z.string().optional(), url: z.string().optional() }).optional(),
});

type Client = ReturnType<typeof createClient>;
type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;

/** A fixed-window count in Redis, shared by every node (the shape @fastify/rate-limit calls). */
class RedisCounter {
  constructor(
    private readonly client: Client,
    private readonly prefix: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number): void {
    this.client
      .eval(INCR, { keys: [this.prefix + key], arguments: [String(timeWindow)] })
      .then((reply) => {
        const [current, ttl] = Array.isArray(reply) ? reply.map(Number) : [];
        cb(null, { current: current ?? 0, ttl: Math.max(0, ttl ?? timeWindow) });
      }, cb);
  }

  /** The counter of one route (the plugin passes the route's merged options). */
  child(options: object): RedisCounter {
    const parsed = routeInfo.safeParse(options);
    const { method = '', url = '' } = parsed.success ? (parsed.data.routeInfo ?? {}) : {};
    return new RedisCounter(this.client, `${this.prefix}${method}${url}:`);
  }
}

/**
 * The rate-limit store on Redis, through the `redis` client the server already uses (the
 * plugin's own Redis store expects ioredis). A lost connection is retried by the client.
 */
export async function redisRateLimitStore(url: string, log: FastifyBaseLogger) {
  const client = createClient({ url });
  client.on('error', (err: Error) => log.warn({ err: err.message }, 'Redis error (rate limits)'));
  await client.connect();
  return {
    /** The plugin builds its store with `new`: every instance shares the one client. */
    store: class extends RedisCounter {
      constructor() {
        super(client, 'atrium:rate:');
      }
    },
    close: async () => {
      await client.quit().catch(() => {});
    },
  };
}
