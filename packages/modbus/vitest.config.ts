import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'modbus', include: ['src/**/*.test.ts'], environment: 'node' },
});
