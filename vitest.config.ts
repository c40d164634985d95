import { defineConfig } from 'vitest/config';

// One runner for every workspace; `--project` picks which ones run.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts/vitest.config.ts',
      'packages/knx/vitest.config.ts',
      'packages/modbus/vitest.config.ts',
      'packages/gateway-agent/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/gateway-sim/vitest.config.ts',
      'e2e/vitest.config.ts',
      'bench/vitest.config.ts',
      // The architecture's lint rule (eslint/boundaries.js), checked on good and bad imports.
      { test: { name: 'lint-rules', include: ['eslint/**/*.test.js'], environment: 'node' } },
    ],
  },
});
