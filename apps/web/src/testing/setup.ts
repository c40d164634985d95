import { afterEach } from 'vitest';

// Only files run under a DOM (`// @vitest-environment happy-dom`) render React; the pure
// unit tests of this project stay in Node and never load Testing Library.
if (typeof document !== 'undefined') {
  // React's act() checks: vitest has no globals, so Testing Library cannot set this itself.
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy*/waitFor wait up to 4 s: a loaded 2-core machine renders MUI dialogs slowly.
  configure({ asyncUtilTimeout: 4000 });
  afterEach(cleanup);
}
