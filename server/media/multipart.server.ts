/**
 * Reads an upload (multipart/form-data) with busboy, streaming: each file
 * goes straight to a temporary file as it arrives (never the whole request in
 * memory), with the size limits enforced while reading. Text fields are kept
 * in memory (small) and pass the one text rule, as does every field name.
 * Temporary files are removed on any failure; on success the caller owns them.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { HttpError } from "../errors.server.ts";
import { badText, textProblem } from "../security/text.server.ts";

export interface ReceivedFile {
  /** The form field the file came in. */
  field?: string;
  /** The name the browser sent, cleaned for display; data only, never a path. */
  originalName: string;
  tmpPath: string;
  size: number;
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

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const tooLarge = (name: string, maxFileBytes: number) =>
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
 * kept). Never used to build a path. Browsers (WHATWG form encoding) send a
 * '"' in a file name as %22 and drop CR and LF as %0D and %0A; busboy passes
 * those escapes through, so they are undone here.
 */
function cleanOriginalName(raw: string): string {
  const unescaped = raw.replace(/%22/g, '"').replace(/%0D/gi, "").replace(/%0A/gi, "");
  const base = unescaped.split(/[/\\]/).pop() ?? "";
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

/** busboy's own errors, in words for the person uploading. */
function parserError(error: Error): HttpError {
  if (/unexpected end/i.test(error.message)) return malformed("The upload was cut off. Please try again.");
  return malformed("The upload is not valid multipart data");
}

/**
 * Reads the request body as multipart/form-data. Throws 400 for a malformed
 * body and 413 (naming the file) when a file passes maxFileBytes; the rest of
 * an oversized body is read and discarded first, so the browser receives the
 * answer instead of a reset connection. A body past every file's limit
 * together is cut off at once with a 413.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartResult> {
  const maxFieldBytes = limits.maxFieldBytes ?? 64 * 1024;
  const maxFields = limits.maxFields ?? 50;
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw malformed("Send the files as multipart/form-data");
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

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send file and field names as UTF-8.
      defParamCharset: "utf8",
      limits: {
        fileSize: limits.maxFileBytes,
        fieldSize: maxFieldBytes,
        fields: maxFields,
        fieldNameSize: 1024,
      },
    });
  } catch {
    throw malformed("Send the files as multipart/form-data");
  }
  await mkdir(limits.tmpDir, { recursive: true });

  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  let oversized: string | null = null;
  let failure: HttpError | null = null;
  /** Wakes the reading loop when it waits for the parser to drain. */
  let wake = () => {};
  // The first problem is the answer; the reading loop stops at it.
  const fail = (error: HttpError) => {
    failure ??= error;
    wake();
  };
  /** The text rule on a part's name; answers whether the part may be kept. */
  const nameOk = (name: string, truncated: boolean) => {
    if (truncated) fail(malformed("A field name is too long"));
    const problem = textProblem(name);
    if (problem) fail(badText({ field: "files", message: `field names ${problem}` }));
    return !failure;
  };

  // busboy leaves the name undefined when a part has none.
  parser.on("field", (rawName, value, info) => {
    const name = rawName ?? "";
    if (failure || !nameOk(name, info.nameTruncated)) return;
    if (info.valueTruncated) return fail(malformed(`The field "${name}" is too long`));
    const problem = textProblem(value);
    if (problem) return fail(badText({ field: name, message: problem }));
    fields[name] = value;
  });
  parser.on("fieldsLimit", () => fail(malformed("Too many form fields")));
  parser.on("file", (rawName, stream: Readable, info) => {
    const name = rawName ?? "";
    // Stopping the parser destroys the part being read; that is handled by the failure already recorded.
    stream.on("error", () => undefined);
    // An empty file input sends a part with an empty file name and no content.
    if (failure || oversized || !nameOk(name, false) || !info.filename) {
      stream.resume();
      return;
    }
    if (files.length >= limits.maxFiles) {
      stream.resume();
      return fail(
        new HttpError(413, `Upload at most ${limits.maxFiles} files at once.`, {
          files: `At most ${limits.maxFiles} files at once`,
        }),
      );
    }
    const file: ReceivedFile = {
      field: name,
      originalName: cleanOriginalName(info.filename),
      tmpPath: path.join(limits.tmpDir, `${randomBytes(16).toString("hex")}.part`),
      size: 0,
    };
    files.push(file);
    stream.on("data", (chunk: Buffer) => {
      file.size += chunk.length;
    });
    // busboy stops passing bytes on at fileSize and discards the rest of the part.
    stream.on("limit", () => {
      oversized ??= file.originalName;
    });
    writes.push(
      pipeline(stream, createWriteStream(file.tmpPath, { flags: "wx" })).catch((error: Error) => {
        if (!failure) fail(parserError(error));
      }),
    );
  });
  const ended = new Promise<void>((resolve) => {
    parser.on("error", (error: Error) => {
      if (!failure) fail(parserError(error));
      resolve();
    });
    parser.on("close", resolve);
  });

  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      if (failure) break;
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > hardCap) {
        fail(
          new HttpError(413, `The upload is larger than ${megabytes(hardCap)}.`, {
            files: "The upload is too large",
          }),
        );
        break;
      }
      if (!parser.write(value) && !failure) {
        await new Promise<void>((resolve) => {
          const go = () => {
            parser.off("drain", go);
            parser.off("close", go);
            wake = () => {};
            resolve();
          };
          wake = go;
          parser.on("drain", go);
          parser.on("close", go);
        });
      }
    }
    if (total > hardCap) await reader.cancel().catch(() => undefined);
    // Stops parsing; a file still being written is destroyed with it.
    if (failure) parser.destroy();
    else parser.end();
    await ended;
    await Promise.all(writes);
    if (failure) throw failure;
    if (oversized) throw tooLarge(oversized, limits.maxFileBytes);
  } catch (error) {
    parser.destroy();
    await Promise.allSettled(writes);
    await Promise.all(files.map((f) => rm(f.tmpPath, { force: true })));
    throw error;
  }
  return { fields, files };
}
