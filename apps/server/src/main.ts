import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemo } from './seed/demo';

/** Starts the server and stops it cleanly on SIGTERM / SIGINT. */
async function main() {
  const config = loadConfig();
  const { app, modules } = await buildApp(config);
  if (config.seedDemo) await seedDemo(modules, app.log);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Atrium console at ${config.publicUrl}`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
