/**
 * Preloaded (`node --import`) by the fuzz benchmark's server process, which
 * reuses the test server's helpers outside vitest: there `vitest` resolves to
 * a stub whose `inject()` answers null, so the server runs on SQLite.
 */
import { register } from 'node:module';

const stub = 'data:text/javascript,export const inject = () => null;';
const hooks = `export async function resolve(specifier, context, next) {
  return specifier === 'vitest' ? { url: ${JSON.stringify(stub)}, shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
