/**
 * Everything the site keeps under DATA_DIR is for this user only: the embedded
 * database (its WAL holds customer details, medical answers, the two-factor
 * secret), uploads (served by the app, never straight from the disk) and
 * partial uploads. Folders are 0700 and files 0600.
 *
 * New files get that from the process umask, set before the database opens.
 * The embedded database does not always honour it: PGlite writes the files of
 * a new database, and a few it rewrites at start (pg_internal.init), 0666. So
 * its folder is tightened again once it has opened and once it has closed;
 * in between, the 0700 folders keep everyone else from reaching any file.
 * Files from an older version, a copy or a restore are put right at start,
 * and the log says so.
 */
import type { Stats } from "node:fs";
import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../log.server.ts";

/** Takes group and other bits off every file and folder this process creates. */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** From now on this process creates files 0600 and folders 0700 (whatever mode the creator asks). */
export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

export interface Tightened {
  folders: number;
  files: number;
}

/**
 * Takes group and other access off every folder and file under `dir` (and
 * `dir` itself) that has any. Symbolic links are left alone (a chmod would
 * change what they point to). Answers how many were changed.
 */
export async function tightenTree(dir: string): Promise<Tightened> {
  const changed: Tightened = { folders: 0, files: 0 };
  const visit = async (at: string, stats: Stats) => {
    if (stats.isSymbolicLink()) return;
    if (stats.isDirectory()) {
      if (stats.mode & PRIVATE_UMASK) {
        await chmod(at, PRIVATE_DIR_MODE);
        changed.folders++;
      }
      for (const name of await readdir(at)) {
        const child = path.join(at, name);
        // A file removed while we walk (a finished upload's temporary file) is simply gone.
        const childStats = await lstat(child).catch(() => null);
        if (childStats) await visit(child, childStats);
      }
    } else if (stats.mode & PRIVATE_UMASK) {
      await chmod(at, PRIVATE_FILE_MODE);
      changed.files++;
    }
  };
  await visit(dir, await lstat(dir));
  return changed;
}

/**
 * Sets the private umask, creates `dir` if missing, and tightens everything
 * under it; logs a warning naming the folder when anything was open.
 */
export async function makeDataDirPrivate(dir: string, log?: Logger): Promise<Tightened> {
  setPrivateUmask();
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const changed = await tightenTree(dir);
  if (changed.folders + changed.files > 0) {
    log?.warn("data folder was readable or writable by others: made private to this user", {
      dir,
      folders: changed.folders,
      files: changed.files,
    });
  }
  return changed;
}
