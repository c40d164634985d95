import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemo } from './seed/demo';
import { SHUTDOWN_TIMEOUT_MS, stopServer } from './shutdown';

/** Starts the server and stops it on SIGTERM / SIGINT (forcibly if closing hangs). */
async function main() {
  const config = loadConfig();
  const { app, modules } = await buildApp(config);
  // The hub started before the seed: its live demo gateways run from now, not at the next sweep.
  if (config.seedDemo && (await seedDemo(modules, app.log))) await modules.hub.sweepDemos();
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Atrium console at ${config.publicUrl}`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    void stopServer(app, { timeoutMs: SHUTDOWN_TIMEOUT_MS });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
