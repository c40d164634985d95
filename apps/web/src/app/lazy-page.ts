import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export, so each route is its own chunk. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}
