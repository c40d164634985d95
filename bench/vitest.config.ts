import { defineProject } from 'vitest/config';

// The benchmarks' own measuring tools (the benchmarks themselves run with `npm run bench`).
export default defineProject({
  test: { name: 'bench', include: ['*.test.ts'], environment: 'node', testTimeout: 30_000 },
});
