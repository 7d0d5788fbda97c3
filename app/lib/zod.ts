/**
 * zod for the shared schemas, set up before any schema is built. Zod compiles
 * object schemas with `new Function` when it may, and decides (with a probe
 * that calls it) when a schema is constructed. Under the pages'
 * Content-Security-Policy (no 'unsafe-eval') even the probe is reported as a
 * violation, so in the browser zod interprets instead; the server, with no such
 * policy, keeps the compiled parsers.
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
