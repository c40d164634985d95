import type { TestProject } from 'vitest/node';
import { startPostgres, type PgCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

let cluster: PgCluster | undefined;

/** With ATRIUM_TEST_DB=postgres, one cluster serves the run; each test file gets its own database. */
export async function setup(project: TestProject) {
  if (process.env.ATRIUM_TEST_DB !== 'postgres') {
    project.provide('pgUrl', null);
    return;
  }
  if (process.env.ATRIUM_TEST_PG_URL) {
    project.provide('pgUrl', process.env.ATRIUM_TEST_PG_URL);
    return;
  }
  cluster = await startPostgres();
  project.provide('pgUrl', cluster.url);
}

export function teardown() {
  cluster?.stop();
}
