import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

// The spec's call catalogue lives beside the repository (shared/spec), as in CI.
const CATALOGUE = resolve(import.meta.dirname, '../../../../shared/spec/api-catalogue.tsv');
/** The areas this server implements so far; add an area here when it is implemented. */
const AREAS = [
  'user',
  'projects',
  'gateways',
  'hub',
  'licences',
  'information',
  'monitoring',
  'modbus',
  'billing',
  'dashboards',
];

const anyParam = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe.skipIf(!existsSync(CATALOGUE))('the spec call catalogue', () => {
  const text = existsSync(CATALOGUE) ? readFileSync(CATALOGUE, 'utf8') : '';
  const calls = text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('\t'))
    .filter(([, , area]) => AREAS.includes(area?.trim() ?? ''))
    .map(([method = '', path = '']) => ({ method, path }));

  it('is served at the exact paths, and every call is in the OpenAPI document', async () => {
    expect(calls.length).toBeGreaterThan(40);
    const routes = new Set(
      t.app.guardedRoutes.map(
        (r) => `${r.method} ${anyParam(r.url.replace(/:([A-Za-z]+)/g, '{$1}'))}`,
      ),
    );
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${anyParam(path)}`),
      ),
    );
    for (const { method, path } of calls) {
      expect(routes, `${method} ${path} not served`).toContain(`${method} ${anyParam(path)}`);
      expect(documented, `${method} ${path} not in OpenAPI`).toContain(
        `${method} ${anyParam(path)}`,
      );
    }
  });

  it('uses the catalogue’s parameter names', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const { path } of calls) expect(Object.keys(doc.paths), path).toContain(path);
  });
});
