import type { ServerBuild } from "react-router";
import { expect, it } from "vitest";
import { inlineScriptsOf } from "../../server/security/headers.server.ts";

const buildWith = (inlineScripts: unknown) =>
  ({ entry: { module: { inlineScripts } } }) as unknown as ServerBuild;

// Shared pages allow their inline scripts by hash, from the list the build's server entry exports:
// a build without a list of texts must not start, or its shared pages would run no script.
it("the build's inline scripts are its entry's list of texts, and a build without one is refused", () => {
  expect(inlineScriptsOf(buildWith(["a()", "b()"]))).toEqual(["a()", "b()"]);
  expect(inlineScriptsOf(buildWith([]))).toEqual([]);
  const refused = "The server build's entry exports no inlineScripts list (app/entry.server.tsx).";
  for (const bad of [undefined, "a()", { 0: "a()" }, ["a()", 1], [null]]) {
    expect(() => inlineScriptsOf(buildWith(bad))).toThrow(refused);
  }
});
