import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // Pure unit tests run in Node; a component test opts into a DOM with the docblock
    // `// @vitest-environment happy-dom` (src/testing/ holds its helpers).
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    unstubGlobals: true,
    // A component test walks a dialog through several steps.
    testTimeout: 15_000,
  },
});
