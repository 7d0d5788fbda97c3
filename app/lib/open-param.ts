import { useSearchParams } from "react-router";

/**
 * Opens and closes one item of a list screen through a search parameter
 * (`?email=<id>`, `?invoice=<id>`), so the open item is in the address: the
 * loader reads it, and reloading or sharing the address opens the same item.
 */
export function useOpenParam(name: string): (id: string | null) => void {
  const [, setParams] = useSearchParams();
  return (id) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set(name, id);
        else next.delete(name);
        return next;
      },
      { preventScrollReset: true },
    );
}
