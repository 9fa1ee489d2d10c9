import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React takes over the shell the build rendered (src/boot/static-markup.tsx renders it,
 * main.tsx hydrates it) and on the server; true from the render after, and at once in anything
 * mounted later. What depends on this browser (the address, the session, a stored choice) is drawn
 * once this is true, so the first render matches the build's markup and React keeps its elements
 * (nothing a person can press is replaced under their finger).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
