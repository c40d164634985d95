import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'knx', include: ['src/**/*.test.ts'], environment: 'node' },
});
