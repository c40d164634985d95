// A worker thread's entry for thread-entry.test.ts: a workspace package (TypeScript sources,
// compiled in) and an npm package (left an import).
import { parentPort } from 'node:worker_threads';
import { topicOf } from '@atrium/contracts/gateway-protocol';
import { z } from 'zod';

const mac: string = z
  .string()
  .regex(/^[0-9a-f]{12}$/)
  .parse('0a0000000001');
parentPort?.postMessage(topicOf(mac, 'cmd'));
