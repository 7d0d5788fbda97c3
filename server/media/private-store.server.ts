/**
 * Files only the operator may read: DATA_DIR/private/<folder>, beside the
 * public uploads and never under them, so no static route can reach them.
 * They leave this server only through an admin API route that checks the
 * operator's token. A file arrives typed by its bytes and stripped of its
 * metadata like any upload (sniff, metadata): an image is re-encoded once as
 * WebP, large enough to read a letter (the received file is not kept), a PDF
 * is kept as stripped. Every stored name is generated here.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { PRIVATE_DIR_MODE } from "../db/private-files.server.ts";
import type { ReceivedFile } from "./multipart.server.ts";
import type { Sniffed } from "./sniff.server.ts";
import { writeWebp } from "./store.server.ts";

/** A scanned page stays legible at this width; a phone photo of one is larger. */
const PRIVATE_IMAGE_WIDTH = 2400;

/** A stored name: 24 hex characters and the extension of the stored type; nothing else is ever opened. */
const STORED_NAME = /^[a-f0-9]{24}\.(webp|pdf)$/;

export const privateDir = (dataDir: string, folder: string) => path.resolve(dataDir, "private", folder);

export interface PrivateFile {
  /** The generated name inside the folder. */
  name: string;
  mimeType: string;
  size: number;
}

/** Moves a received, typed and stripped file into the private folder under a new name. */
export async function storePrivateFile(
  file: ReceivedFile,
  type: Sniffed,
  dataDir: string,
  folder: string,
): Promise<PrivateFile> {
  const dir = privateDir(dataDir, folder);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const id = randomBytes(12).toString("hex");
  if (type.kind === "image") {
    const name = `${id}.webp`;
    const out = path.join(dir, name);
    try {
      await writeWebp(file.tmpPath, false, PRIVATE_IMAGE_WIDTH, out);
    } catch (error) {
      await rm(out, { force: true });
      throw error;
    } finally {
      await rm(file.tmpPath, { force: true });
    }
    return { name, mimeType: "image/webp", size: (await stat(out)).size };
  }
  const name = `${id}.${type.ext}`;
  const out = path.join(dir, name);
  await rename(file.tmpPath, out);
  return { name, mimeType: type.mime, size: (await stat(out)).size };
}

/** The stored file as a web stream, or null when the name is not one of ours or the file is gone. */
export async function openPrivateFile(
  dataDir: string,
  folder: string,
  name: string,
): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
  if (!STORED_NAME.test(name)) return null;
  const file = path.join(privateDir(dataDir, folder), name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return {
    body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
    size: info.size,
  };
}

/** Removes stored files by name (names that are not ours are ignored). */
export async function removePrivateFiles(dataDir: string, folder: string, names: string[]): Promise<void> {
  const dir = privateDir(dataDir, folder);
  await Promise.all(
    names.filter((n) => STORED_NAME.test(n)).map((n) => rm(path.join(dir, n), { force: true })),
  );
}
