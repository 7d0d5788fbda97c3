/** A list's page count and its Newer / Older buttons, which move the URL's `page`. */
import { useSearchParams } from "react-router";
import { Button } from "./button";

export function Pager({
  page,
  pages,
  total,
  noun,
  drop = [],
}: {
  page: number;
  pages: number;
  total: number;
  /** The counted thing, one and many ("entry", "entries"). */
  noun: readonly [string, string];
  /** Query parameters another page makes stale (an opened row), dropped on a page change. */
  drop?: readonly string[];
}) {
  const [, setParams] = useSearchParams();
  const go = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set("page", String(n));
      for (const key of drop) next.delete(key);
      return next;
    });
  return (
    <div className="flex items-center justify-between border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-5">
      <span>
        {total} {total === 1 ? noun[0] : noun[1]} · page {page} of {pages}
      </span>
      <span className="flex gap-2">
        <Button size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
          Newer
        </Button>
        <Button size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>
          Older
        </Button>
      </span>
    </div>
  );
}
