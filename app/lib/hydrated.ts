import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while React hydrates the server's HTML,
 * true from the render right after (and at once in pages rendered in the
 * browser). For what differs once the page's scripts have taken over a control
 * from its native element, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
