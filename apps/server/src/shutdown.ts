/** What shutting down needs of the server: Fastify's `close` and its logger. */
export interface Stoppable {
  close(): PromiseLike<unknown>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface StopOptions {
  /** After this long without `close` finishing, the process exits anyway (code 1). */
  timeoutMs: number;
  exit?: (code: number) => void;
}

/** How long a clean shutdown may take: a hung socket or broker must not keep the process up. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Closes the server, then exits: 0 when it closed, 1 when closing failed or did not finish
 * within `timeoutMs`. The timer is unref'd: it never keeps a process alive by itself.
 */
export function stopServer(server: Stoppable, o: StopOptions): Promise<void> {
  const exit = o.exit ?? ((code: number) => process.exit(code));
  const timer = setTimeout(() => {
    server.log.error({ timeoutMs: o.timeoutMs }, 'shutdown did not finish in time: exiting');
    exit(1);
  }, o.timeoutMs);
  timer.unref();
  return Promise.resolve(server.close()).then(
    () => {
      clearTimeout(timer);
      exit(0);
    },
    (err: unknown) => {
      clearTimeout(timer);
      server.log.error({ err }, 'error while shutting down');
      exit(1);
    },
  );
}
