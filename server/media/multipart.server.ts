/**
 * A streaming multipart/form-data reader for uploads: each file goes straight
 * to a temporary file as it arrives (never the whole request in memory), with
 * the size limit enforced while reading. Text fields are kept in memory
 * (small). Temporary files are removed on any failure; on success the caller
 * owns them.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import { HttpError } from "../errors.server.ts";
import { badText, textProblem } from "../security/text.server.ts";
import { SNIFF_BYTES } from "./sniff.ts";

export interface ReceivedFile {
  field: string;
  /** The name the browser sent, cleaned for display; data only, never a path. */
  originalName: string;
  /** The type the browser claimed (not trusted; content decides). */
  declaredType: string;
  tmpPath: string;
  size: number;
  /** The first bytes, for content sniffing. */
  head: Uint8Array;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

export interface MultipartLimits {
  tmpDir: string;
  maxFileBytes: number;
  maxFiles: number;
  maxFieldBytes?: number;
  maxFields?: number;
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

export const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const tooLarge = (name: string, maxFileBytes: number) =>
  new HttpError(
    413,
    `"${name}" is larger than the ${megabytes(maxFileBytes)} upload limit. Please choose a smaller file.`,
    {
      files: `"${name}" is larger than the ${megabytes(maxFileBytes)} upload limit`,
    },
  );

const malformed = (why: string) => new HttpError(400, `files: ${why}`, { files: why });

/**
 * A file name as data: the last path segment only, Unicode-normalised, no
 * control or bidi-override characters, at most 200 characters (the extension
 * kept). Never used to build a path.
 */
export function cleanOriginalName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim();
  const chars = [...cleaned];
  if (chars.length <= 200) return cleaned || "file";
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return chars.slice(0, 200 - [...ext].length).join("") + ext;
}

/** Content-Disposition parameters: name="..", filename="..", filename*=UTF-8''... */
function dispositionParams(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  // Browsers (WHATWG form encoding) escape only '"', CR and LF, as %22, %0D and %0A;
  // a backslash is sent as is, so it is not an escape character here.
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const key = m[1].toLowerCase();
    let v = m[2] !== undefined ? m[2] : (m[3] ?? "").trim();
    if (key.endsWith("*")) {
      const star = /^([\w-]+)'[^']*'(.*)$/.exec(v);
      if (star) {
        try {
          v = decodeURIComponent(star[2]);
        } catch {
          continue;
        }
        out[key.slice(0, -1)] = v;
      }
      continue;
    }
    if (key === "filename" || key === "name")
      v = v.replace(/%22/g, '"').replace(/%0D/gi, "").replace(/%0A/gi, "");
    out[key] ??= v;
  }
  return out;
}

function boundaryOf(contentType: string | null): string {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  const boundary = m?.[1] ?? m?.[2];
  if (!contentType?.toLowerCase().startsWith("multipart/form-data") || !boundary || boundary.length > 200) {
    throw malformed("Send the files as multipart/form-data");
  }
  return boundary;
}

/**
 * Reads the request body as multipart/form-data. Throws 400 for a malformed
 * body and 413 (naming the file) when a file passes maxFileBytes; the rest of
 * an oversized body is read and discarded first, so the browser receives the
 * answer instead of a reset connection.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartResult> {
  const maxFieldBytes = limits.maxFieldBytes ?? 64 * 1024;
  const maxFields = limits.maxFields ?? 50;
  const boundary = boundaryOf(request.headers.get("content-type"));
  const hardCap = limits.maxFileBytes * limits.maxFiles + 1024 * 1024;
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > hardCap) {
    throw new HttpError(
      413,
      `The upload is larger than ${megabytes(hardCap)}. Upload at most ${limits.maxFiles} files of up to ${megabytes(limits.maxFileBytes)} each.`,
      { files: "The upload is too large" },
    );
  }
  if (!request.body) throw malformed("The upload is empty");
  await mkdir(limits.tmpDir, { recursive: true });

  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let fieldCount = 0;
  type State = "preamble" | "afterDelimiter" | "headers" | "body" | "done";
  // Read through a function: the parser loop below changes it inside pump().
  let state = "preamble" as State;
  const finished = () => state === "done";
  // The first delimiter has no leading CRLF; adding one lets one search rule serve all.
  let buf: Buffer = Buffer.from(CRLF);
  let total = 0;
  let oversized: string | null = null;

  type Part =
    | { kind: "field"; name: string; chunks: Buffer[]; size: number }
    | {
        kind: "file";
        file: ReceivedFile;
        handle: Awaited<ReturnType<typeof open>>;
        head: Buffer[];
        headSize: number;
      }
    | { kind: "skip" };
  let part: Part | null = null;

  const cleanup = async () => {
    if (part?.kind === "file") await part.handle.close().catch(() => undefined);
    await Promise.all(files.map((f) => rm(f.tmpPath, { force: true })));
  };

  const write = async (data: Buffer) => {
    if (!part || data.length === 0) return;
    if (part.kind === "field") {
      part.size += data.length;
      if (part.size > maxFieldBytes) throw malformed(`The field "${part.name}" is too long`);
      part.chunks.push(data);
    } else if (part.kind === "file") {
      const f = part.file;
      if (f.size + data.length > limits.maxFileBytes) {
        oversized = f.originalName;
        await part.handle.close();
        part = { kind: "skip" };
        return;
      }
      if (part.headSize < SNIFF_BYTES) {
        const take = data.subarray(0, SNIFF_BYTES - part.headSize);
        part.head.push(Buffer.from(take));
        part.headSize += take.length;
      }
      f.size += data.length;
      await part.handle.write(data);
    }
  };

  const endPart = async () => {
    if (part?.kind === "field") {
      const value = Buffer.concat(part.chunks).toString("utf8");
      const problem = textProblem(value);
      if (problem) throw badText({ field: part.name, message: problem });
      fields[part.name] = value;
    } else if (part?.kind === "file") {
      await part.handle.close();
      part.file.head = new Uint8Array(Buffer.concat(part.head));
    }
    part = null;
  };

  const startPart = async (rawHeaders: string) => {
    const headers = new Map<string, string>();
    for (const line of rawHeaders.split("\r\n")) {
      const i = line.indexOf(":");
      if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
    }
    const disposition = headers.get("content-disposition") ?? "";
    if (!/^form-data\b/i.test(disposition))
      throw malformed("Each part needs a form-data Content-Disposition");
    const params = dispositionParams(disposition);
    const name = params.name ?? "";
    const nameProblem = textProblem(name);
    if (nameProblem) throw badText({ field: "files", message: `field names ${nameProblem}` });
    if (oversized) {
      part = { kind: "skip" };
    } else if (params.filename !== undefined) {
      // An empty file input sends a part with an empty name and no content.
      if (params.filename === "") {
        part = { kind: "skip" };
        return;
      }
      if (files.length >= limits.maxFiles) {
        throw new HttpError(413, `Upload at most ${limits.maxFiles} files at once.`, {
          files: `At most ${limits.maxFiles} files at once`,
        });
      }
      const tmpPath = path.join(limits.tmpDir, `${randomBytes(16).toString("hex")}.part`);
      const file: ReceivedFile = {
        field: name,
        originalName: cleanOriginalName(params.filename),
        declaredType: (headers.get("content-type") ?? "").slice(0, 120),
        tmpPath,
        size: 0,
        head: new Uint8Array(),
      };
      files.push(file);
      part = { kind: "file", file, handle: await open(tmpPath, "wx"), head: [], headSize: 0 };
    } else {
      if (++fieldCount > maxFields) throw malformed("Too many form fields");
      part = { kind: "field", name, chunks: [], size: 0 };
    }
  };

  /** Consumes as much of `buf` as the current state allows. */
  const pump = async () => {
    for (;;) {
      if (state === "preamble" || state === "body") {
        const at = buf.indexOf(delimiter);
        if (at === -1) {
          // Keep a tail that could be the start of a delimiter split across chunks.
          const safe = Math.max(0, buf.length - (delimiter.length - 1));
          if (state === "body") await write(buf.subarray(0, safe));
          buf = buf.subarray(safe);
          return;
        }
        if (state === "body") {
          await write(buf.subarray(0, at));
          await endPart();
        }
        buf = buf.subarray(at + delimiter.length);
        state = "afterDelimiter";
      } else if (state === "afterDelimiter") {
        if (buf.length < 2) return;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = "done";
          buf = Buffer.alloc(0);
          return;
        }
        const eol = buf.indexOf(CRLF);
        if (eol === -1) {
          if (buf.length > 256) throw malformed("The upload is not valid multipart data");
          return;
        }
        buf = buf.subarray(eol + 2);
        state = "headers";
      } else if (state === "headers") {
        const end = buf.indexOf(HEADER_END);
        if (end === -1) {
          if (buf.length > 16 * 1024) throw malformed("The part headers are too long");
          return;
        }
        // A part with no headers at all starts with the blank line itself.
        const raw = buf.subarray(0, end).toString("utf8");
        buf = buf.subarray(end + HEADER_END.length);
        await startPart(raw);
        state = "body";
      } else {
        buf = Buffer.alloc(0);
        return;
      }
    }
  };

  try {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > hardCap) {
        await reader.cancel().catch(() => undefined);
        throw new HttpError(413, `The upload is larger than ${megabytes(hardCap)}.`, {
          files: "The upload is too large",
        });
      }
      if (finished()) continue;
      buf = buf.length ? Buffer.concat([buf, value]) : Buffer.from(value);
      await pump();
    }
    if (oversized) throw tooLarge(oversized, limits.maxFileBytes);
    if (!finished()) throw malformed("The upload was cut off. Please try again.");
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { fields, files };
}
