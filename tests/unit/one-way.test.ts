/**
 * One way for each of these, kept so by reading the sources: the periodic
 * runner is the only timer loop of the server, no-store is spelled once, the
 * server's own words of a refused call are read by one helper, and every
 * page form answers through the one form result (app/lib/form-result.ts).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

const rel = (file: string) => path.relative(process.cwd(), file);
const read = (file: string) => readFileSync(file, "utf8");
const code = [...sources(path.resolve("app")), ...sources(path.resolve("server"))].filter(
  (f) => !f.includes(`${path.sep}+types${path.sep}`),
);
const holding = (pattern: RegExp) => code.filter((f) => pattern.test(read(f))).map(rel);

describe("one way for each", () => {
  it("runs every recurring job on the periodic runner: no other timer loop in the server", () => {
    expect(holding(/\bsetInterval\(/)).toEqual(["server/domain/jobs/periodic.server.ts"]);
  });

  it("spells no-store once", () => {
    expect(holding(/["']no-store["']/)).toEqual(["app/lib/cache-control.ts"]);
  });

  it("reads the server's words of a refused call with one helper", () => {
    expect(holding(/function serverDetail\b/)).toEqual(["app/lib/form-result.ts"]);
  });

  it("answers every page form through formAnswer, and every admin write through adminAction", () => {
    const routes = sources(path.resolve("app/routes"));
    const wrong: string[] = [];
    for (const file of routes) {
      const text = read(file);
      if (/export (async )?function action\b/.test(text)) {
        // A route may hand its form to a shared module of its folder (the waitlist and participant forms).
        const helpers = [...text.matchAll(/from "\.\/([\w-]+\.server)"/g)].map((m) =>
          read(path.join(path.dirname(file), `${m[1]}.ts`)),
        );
        const answers = [text, ...helpers].some((t) => /\bformAnswer\(/.test(t));
        if (
          !answers ||
          /\breturn data[<(]/.test(text.slice(text.search(/export (async )?function action\b/)))
        ) {
          wrong.push(rel(file));
        }
      }
      const client = /export (const clientAction = (\w+)|async function clientAction\b)/.exec(text);
      if (client && client[2] !== "adminAction" && !/\bawait adminAction\(/.test(text)) wrong.push(rel(file));
    }
    expect(wrong).toEqual([]);
  });
});
