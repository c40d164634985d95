import { afterEach } from 'vitest';

// Only files run under a DOM (`// @vitest-environment happy-dom`) render React; the pure
// unit tests of this project stay in Node and never load Testing Library.
if (typeof document !== 'undefined') {
  // React's act() checks: vitest has no globals, so Testing Library cannot set this itself.
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
