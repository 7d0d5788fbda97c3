import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, vi } from "vitest";
import { resolve } from "../../server/module-hooks.ts";

// The package's folder as Node finds it; a file in it by its path (its ES module build).
const drizzleDir = path.dirname(createRequire(import.meta.url).resolve("drizzle-orm"));
const drizzleFile = (file: string) => pathToFileURL(path.join(drizzleDir, `${file}.js`)).href;

test("a relative import inside drizzle-orm resolves to the file Node would load, as an ES module", () => {
  const next = vi.fn();
  const parentURL = drizzleFile("pg-core/index");
  const answer = resolve("./columns/index.js", { parentURL, conditions: [], importAttributes: {} }, next);
  expect(answer).toEqual({ url: drizzleFile("pg-core/columns/index"), format: "module", shortCircuit: true });
  expect(next).not.toHaveBeenCalled();
  expect(resolve("../sql/index.js", { parentURL, conditions: [], importAttributes: {} }, next).url).toBe(
    drizzleFile("sql/index"),
  );
});

test("every other import goes to Node: a package name, a file outside drizzle, a specifier without .js", () => {
  const next = vi.fn(() => ({ url: "file:///elsewhere.js" }));
  const inDrizzle = drizzleFile("pg-core/index");
  const context = (parentURL: string) => ({ parentURL, conditions: [], importAttributes: {} });
  resolve("drizzle-orm", context(inDrizzle), next);
  resolve("./x.js", context("file:///app/server/db/client.server.ts"), next);
  resolve("./data.json", context(inDrizzle), next);
  expect(next).toHaveBeenCalledTimes(3);
});
