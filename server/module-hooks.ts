/**
 * drizzle-orm's package.json lists every one of its files in `exports` (about
 * 180 KB), and Node parses that map again for each file of the package it
 * loads, to learn the file's format: about half a second of CPU on every
 * start of the server (drizzle's own imports take 0.68 s of CPU, 0.15 s with a
 * small map; a start with a seeded database 4.3 s, 2.8 s with this hook). Its
 * files import each other by relative path with the extension and are all ES
 * modules (the package's "type"; it has no nested package.json), so this hook
 * resolves those imports itself and names their format. Every other import,
 * including the first one into the package, goes to Node as usual.
 *
 * Registered before the server's modules load: a static import is resolved
 * before any module runs, so the entry points import the rest dynamically.
 */
import { type ResolveHookSync, registerHooks } from "node:module";

const DRIZZLE = "/node_modules/drizzle-orm/";

export const resolve: ResolveHookSync = (specifier, context, nextResolve) => {
  if (
    context.parentURL?.includes(DRIZZLE) &&
    (specifier.startsWith("./") || specifier.startsWith("../")) &&
    specifier.endsWith(".js")
  ) {
    return { url: new URL(specifier, context.parentURL).href, format: "module", shortCircuit: true };
  }
  return nextResolve(specifier, context);
};

registerHooks({ resolve });
