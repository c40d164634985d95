import type { FastifyBaseLogger } from 'fastify';

type Listener = (userIds: string[]) => Promise<void>;

/**
 * Tells what holds a session open beyond one request (the console's sockets) that users'
 * earlier sessions ended: password reset, rank change, deleted account. Listeners are added
 * by app.ts, so the users module imports nothing of theirs.
 */
export class SessionRevocations {
  private readonly listeners: Listener[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  on(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Waits for every listener; a failing one is logged, never the caller's failure. */
  async revoke(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    for (const listener of this.listeners) {
      await listener(userIds).catch((err: unknown) =>
        this.log.warn({ err }, 'sessions not revoked on live connections'),
      );
    }
  }
}
