/**
 * `npm start`: builds the site when the build is missing or older than its
 * sources, then serves the production build.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
const BUILD_MARK = `${process.env.BUILD_DIR ?? "build"}/server/index.js`;

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = existsSync(BUILD_MARK) ? statSync(BUILD_MARK).mtimeMs : 0;
const sources = Math.max(...SOURCES.map(newestMtime));
if (built < sources) {
  process.stdout.write(
    built ? "Sources changed since the last build; rebuilding...\n" : "Building the site...\n",
  );
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../server/index.ts");
