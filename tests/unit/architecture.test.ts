/**
 * The contexts of `server/domain` and the direction of their arrows
 * (docs/architecture.md): a module may import from its own context and from
 * contexts listed before its own, never from one listed after it; nothing in
 * the domain imports HTTP code (`server/api`, `app/routes`); and no module
 * imports itself back through a cycle.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Lowest first: each may call those before it. */
const CONTEXTS = [
  "audit",
  "content",
  "access",
  "money",
  "vouchers",
  "bookings",
  "dive-ops",
  "weather",
  "messaging",
  "console",
  "jobs",
] as const;

const DOMAIN = path.resolve("server/domain");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) =>
    path.resolve(path.dirname(file), m[1]),
  );
}

const contextOf = (file: string) => path.relative(DOMAIN, file).split(path.sep)[0];
const files = sources(DOMAIN);

describe("server/domain contexts", () => {
  it("holds every module in one of the named contexts", () => {
    const outside = files.filter((f) => !(CONTEXTS as readonly string[]).includes(contextOf(f)));
    expect(outside.map((f) => path.relative(DOMAIN, f))).toEqual([]);
  });

  it("imports only from its own context or the ones below it", () => {
    const wrong: string[] = [];
    for (const f of files) {
      const rank = CONTEXTS.indexOf(contextOf(f) as (typeof CONTEXTS)[number]);
      for (const target of imports(f)) {
        if (!target.startsWith(DOMAIN + path.sep)) continue;
        const to = CONTEXTS.indexOf(contextOf(target) as (typeof CONTEXTS)[number]);
        if (to > rank) wrong.push(`${path.relative(DOMAIN, f)} -> ${path.relative(DOMAIN, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("never imports HTTP code", () => {
    const http = [path.resolve("server/api"), path.resolve("app/routes")];
    const wrong = files.flatMap((f) =>
      imports(f)
        .filter((t) => http.some((h) => t.startsWith(h + path.sep)))
        .map((t) => `${path.relative(DOMAIN, f)} -> ${path.relative(process.cwd(), t)}`),
    );
    expect(wrong).toEqual([]);
  });

  it("has no import cycle", () => {
    const graph = new Map(files.map((f) => [f, imports(f).filter((t) => t.startsWith(DOMAIN))]));
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === "done") return;
      if (state.get(f) === "open") {
        cycles.push([...trail.slice(trail.indexOf(f)), f].map((x) => path.relative(DOMAIN, x)).join(" -> "));
        return;
      }
      state.set(f, "open");
      for (const t of graph.get(f) ?? []) visit(t, [...trail, f]);
      state.set(f, "done");
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });
});
