/**
 * An exclusive lock on the embedded database's folder. PGlite has no lock of
 * its own, and two processes writing one data folder corrupt it.
 *
 * The lock is a file in the folder naming its holder: process id, host, the
 * process's start time (so a recycled process id is not mistaken for the
 * holder) and the folder's real path (so a copied or restored folder does not
 * carry a lock over). A holder that died, even by kill -9, leaves the file
 * behind, and the next process sees that the holder is gone and takes over: no
 * stale lock ever blocks a start on the same machine. A holder on another host
 * (a folder shared between machines or containers) cannot be checked, so the
 * lock is respected and the message says which file to remove if that process
 * is gone.
 */
import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export const LOCK_FILE = "tidewater.lock";

interface Holder {
  pid: number;
  host: string;
  /** Identifies one run of the process: its start time since boot, with the boot id (Linux). */
  start: string | null;
  dir: string;
}

/** Folders this process holds, so it never opens one twice either. */
const held = new Set<string>();

/** A process's start, as the kernel knows it; null where /proc is not available. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces), field 22 is the start time.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${boot}:${fields[19]}`;
  } catch {
    return null;
  }
}

function isAlive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true; // cannot be checked from here
  if (holder.pid === process.pid) return false; // an earlier run that had our id (e.g. a restarted container)
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  if (holder.start === null) return true;
  const now = processStart(holder.pid);
  return now === null || now === holder.start;
}

function readHolder(file: string): { raw: string; holder: Holder | null } | null {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(raw) as Holder;
    return { raw, holder: typeof parsed.pid === "number" ? parsed : null };
  } catch {
    return { raw, holder: null };
  }
}

export class DataDirLockedError extends Error {}

function lockedMessage(dir: string, file: string, holder: Holder): string {
  const where =
    holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
  const remote =
    holder.host === hostname()
      ? ""
      : ` If no process on ${holder.host} uses it any more, delete ${file} and start again.`;
  return (
    `The database folder ${dir} is in use by another process (${where}). ` +
    "The embedded database can be opened by one process at a time: stop the other process first, " +
    `or set DATABASE_URL to use PostgreSQL, which serves several processes.${remote}`
  );
}

/**
 * Takes the lock on `dir` or throws DataDirLockedError naming the folder.
 * Answers the release function (also run when the process exits).
 */
export function lockDataDir(dir: string): () => void {
  const real = realpathSync(dir);
  const file = path.join(real, LOCK_FILE);
  if (held.has(real)) {
    throw new DataDirLockedError(
      lockedMessage(real, file, { pid: process.pid, host: hostname(), start: null, dir: real }),
    );
  }
  const me: Holder = { pid: process.pid, host: hostname(), start: processStart(process.pid), dir: real };
  const record = `${JSON.stringify(me)}\n`;

  // Written in full under a private name, then linked into place: link() fails if the
  // lock exists, so the lock file is never seen half-written and two starts cannot both win.
  const draft = path.join(real, `${LOCK_FILE}.${process.pid}.${randomBytes(4).toString("hex")}`);
  writeFileSync(draft, record, { mode: 0o644 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 20) throw error;
      }
      const current = readHolder(file);
      if (!current) continue; // released in between: try again
      const { holder } = current;
      // A lock written for another folder (this one is a copy or a restore) or unreadable is not a holder.
      if (holder && holder.dir === real && isAlive(holder)) {
        throw new DataDirLockedError(lockedMessage(real, file, holder));
      }
      // Stale: remove it only if it is still the same record, then race for it again. Two starts
      // that find the same stale lock at the same moment could, within microseconds, both proceed
      // (the window PostgreSQL's own postmaster.pid accepts); a holder that is up is never displaced.
      if (readHolder(file)?.raw === current.raw) {
        try {
          unlinkSync(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
    }
  } finally {
    unlinkSync(draft);
  }
  held.add(real);

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(real);
    process.off("exit", release);
    // Only our own record: never remove a lock another process has taken since.
    if (readHolder(file)?.raw === record) unlinkSync(file);
  };
  process.on("exit", release);
  return release;
}
