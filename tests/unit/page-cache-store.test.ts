/**
 * The page cache's memory (server/cache/page-cache.server.ts): entries up to PAGE_CACHE_MB, the
 * least recently used leaving first, none over a quarter of it, nothing kept at 0.
 */
import { describe, expect, it } from "vitest";
import { entryStore } from "../../server/cache/page-cache.server.ts";

const entry = (bytes: number) => ({ bytes });

describe("the page cache's store", () => {
  it("keeps entries up to its bytes, and lets the least recently used go first", () => {
    const store = entryStore<{ bytes: number }>(100);
    if (!store) throw new Error("a store of 100 bytes");
    for (const key of ["a", "b", "c", "d"]) store.set(key, entry(25));
    expect([...store.keys()].sort()).toEqual(["a", "b", "c", "d"]);
    // Reading "a" makes "b" the least recently used: it leaves for "e".
    expect(store.get("a")).toEqual(entry(25));
    store.set("e", entry(25));
    expect([...store.keys()].sort()).toEqual(["a", "c", "d", "e"]);
    expect(store.calculatedSize).toBe(100);
    // A smaller entry for a key gives back the difference: room for one more without a departure.
    store.set("a", entry(5));
    store.set("f", entry(20));
    expect([...store.keys()].sort()).toEqual(["a", "c", "d", "e", "f"]);
    expect(store.calculatedSize).toBe(100);
  });

  it("keeps no entry over a quarter of its bytes, and such an entry's key loses its older one", () => {
    const store = entryStore<{ bytes: number }>(100);
    if (!store) throw new Error("a store of 100 bytes");
    store.set("page", entry(25));
    store.set("page", entry(26));
    expect(store.has("page")).toBe(false);
    expect(store.calculatedSize).toBe(0);
  });

  it("is none at 0 bytes, and counts whole bytes of a fractional size", () => {
    expect(entryStore(0)).toBeNull();
    expect(entryStore(0.5)).toBeNull();
    const store = entryStore<{ bytes: number }>(0.1 * 2 ** 20);
    expect(store?.maxSize).toBe(104_857);
    expect(store?.maxEntrySize).toBe(26_214);
  });
});
