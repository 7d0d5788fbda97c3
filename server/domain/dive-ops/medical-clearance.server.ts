/**
 * A doctor's clearance as a file: the customer sends it from their form
 * (the booking's link or their own link), the operator reads it and records
 * the clearance (participant-checks). The file is medical data: stored in
 * the private folder (server/media/private-store), never under the public
 * uploads; its bytes leave only through the admin API; it is replaced by a
 * new upload and erased with the answers (medical-retention). Nothing of it,
 * not even its original name, reaches a log line or the database.
 */
import { rm } from "node:fs/promises";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  CLEARANCE_FILE_MAX_MB,
  CLEARANCE_FILE_MESSAGE,
  clearanceFileAccepted,
  clearanceFileText,
} from "../../../app/lib/medical.ts";
import type { DB } from "../../db/client.server.ts";
import { bookings, medicalClearanceEvents, participants } from "../../db/schema.ts";
import type { Env } from "../../env.server.ts";
import { HttpError, notFound } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";
import { stripMetadata } from "../../media/metadata.server.ts";
import { type ReceivedFile, readMultipart } from "../../media/multipart.server.ts";
import { openPrivateFile, removePrivateFiles, storePrivateFile } from "../../media/private-store.server.ts";
import { detectType } from "../../media/sniff.server.ts";
import { uploadTmpDir } from "../../media/store.server.ts";

/** The private folder that holds the clearances. */
export const CLEARANCE_FOLDER = "medical-clearance";
/** The form field that carries the file (named in every refusal). */
export const CLEARANCE_FIELD = "clearance_file";

export interface ClearanceDeps {
  db: DB;
  env: Pick<Env, "DATA_DIR" | "UPLOAD_MAX_MB">;
  log: Logger;
  now: () => Date;
}

/** Where the post belongs, found once the body is read: the booking and the person's place in it. */
export interface ClearanceTarget {
  bookingId: string;
  position: number;
}

export type ClearanceUploadOutcome =
  | { kind: "saved" }
  | { kind: "not_found" }
  | { kind: "refused"; status: number; message: string };

const refused = (status: number, message: string): ClearanceUploadOutcome => ({
  kind: "refused",
  status,
  message,
});

/** The largest file taken: the clearance's own limit, or the server's upload limit when smaller. */
export const clearanceMaxMb = (env: Pick<Env, "UPLOAD_MAX_MB">) =>
  Math.min(CLEARANCE_FILE_MAX_MB, env.UPLOAD_MAX_MB);

/** The one file of the post, or the refusal of the upload itself (too large, malformed, no file). */
async function readClearancePost(
  request: Request,
  deps: ClearanceDeps,
): Promise<{ file: ReceivedFile } | { outcome: ClearanceUploadOutcome }> {
  const maxMb = clearanceMaxMb(deps.env);
  try {
    const { files } = await readMultipart(request, {
      tmpDir: uploadTmpDir(deps.env.DATA_DIR),
      maxFileBytes: Math.floor(maxMb * 1024 * 1024),
      maxFiles: 1,
      maxFields: 5,
      maxFieldBytes: 1024,
    });
    const [file] = files;
    if (!file || file.size === 0 || file.field !== CLEARANCE_FIELD) {
      if (file) await rm(file.tmpPath, { force: true });
      return { outcome: refused(400, "Choose the doctor's clearance to upload") };
    }
    return { file };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return {
      outcome: refused(
        error.status,
        error.status === 413
          ? `The file must be at most ${maxMb} MB`
          : "The upload did not arrive whole: please try again",
      ),
    };
  }
}

/**
 * A clearance posted from a participant's form, from the body to the private
 * folder. The link is looked up after the body is read (`locate`), as a
 * review's is; a wrong link is answered before the file is looked at. Any
 * "yes" or none, the file is taken: the group's form must not tell whose
 * answers need one. A new file replaces the person's earlier one.
 */
export async function receiveClearanceFile(
  deps: ClearanceDeps,
  request: Request,
  locate: (at: Date) => Promise<ClearanceTarget | null>,
): Promise<ClearanceUploadOutcome> {
  const read = await readClearancePost(request, deps);
  if ("outcome" in read) return read.outcome;
  const { file } = read;
  let keep = false;
  try {
    const at = deps.now();
    const target = await locate(at);
    if (!target) return { kind: "not_found" };
    const [row] = await deps.db
      .select({ id: participants.id, status: bookings.bookingStatus })
      .from(participants)
      .innerJoin(bookings, eq(bookings.id, participants.bookingId))
      .where(and(eq(participants.bookingId, target.bookingId), eq(participants.position, target.position)))
      .limit(1);
    if (!row)
      return refused(409, "Save this person's details and medical answers first, then send the clearance");
    if (row.status !== "confirmed") return refused(409, "This booking's details can no longer be changed");
    const type = await detectType(file.tmpPath);
    if (!type || !clearanceFileAccepted(type.mime)) return refused(415, CLEARANCE_FILE_MESSAGE);
    // The name the browser sent is only echoed to the person who sent it, never stored or logged.
    const stripRefusal = await stripMetadata(file.tmpPath, type, file.originalName);
    if (stripRefusal) return refused(400, stripRefusal);
    let stored: Awaited<ReturnType<typeof storePrivateFile>>;
    try {
      stored = await storePrivateFile(file, type, deps.env.DATA_DIR, CLEARANCE_FOLDER);
      keep = true;
    } catch (error) {
      // The type only: the file and its name are medical data.
      deps.log.warn("clearance file could not be processed", { type: type.ext, error });
      return refused(400, CLEARANCE_FILE_MESSAGE);
    }
    const replaced = await deps.db
      .transaction(async (tx) => {
        const [before] = await tx
          .select({ file: participants.medicalClearanceFile })
          .from(participants)
          .where(eq(participants.id, row.id))
          .for("update");
        await tx
          .update(participants)
          .set({
            medicalClearanceFile: stored.name,
            medicalClearanceFileType: stored.mimeType,
            medicalClearanceFileSize: stored.size,
            medicalClearanceFileAt: at,
            updatedAt: at,
          })
          .where(eq(participants.id, row.id));
        return before?.file ?? null;
      })
      .catch(async (error: unknown) => {
        await removePrivateFiles(deps.env.DATA_DIR, CLEARANCE_FOLDER, [stored.name]);
        throw error;
      });
    if (replaced) await removePrivateFiles(deps.env.DATA_DIR, CLEARANCE_FOLDER, [replaced]);
    return { kind: "saved" };
  } finally {
    if (!keep) await rm(file.tmpPath, { force: true });
  }
}

/** What the customer's own view says of their file (never the file itself). */
export function clearanceReceipt(p: {
  medicalClearanceFileAt: Date | null;
  medicalClearanceFileType: string | null;
  medicalClearanceFileSize: number | null;
}) {
  return p.medicalClearanceFileAt
    ? {
        receivedAt: p.medicalClearanceFileAt.toISOString(),
        text: clearanceFileText(p.medicalClearanceFileType ?? "", p.medicalClearanceFileSize ?? 0),
      }
    : null;
}

/* ---------- The operator's side ---------- */

export interface ClearanceEvent {
  kind: "recorded" | "undone" | "voided";
  at: string;
  recorded_by: string;
  doctor: string;
  cleared_on: string | null;
  note: string;
}

/** GET /api/admin/participants/:id/medical-clearance: the state, the file's facts and the history. */
export async function clearanceView(db: DB, participantId: string) {
  const [row] = await db
    .select({ participant: participants, reference: bookings.reference })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(eq(participants.id, participantId))
    .limit(1);
  if (!row) throw notFound("Participant not found");
  const p = row.participant;
  const events = await db
    .select()
    .from(medicalClearanceEvents)
    .where(eq(medicalClearanceEvents.participantId, participantId))
    .orderBy(asc(medicalClearanceEvents.createdAt), asc(medicalClearanceEvents.id));
  return {
    participant_id: p.id,
    full_name: p.fullName,
    position: p.position,
    reference: row.reference,
    needs_clearance: p.medicalNeedsClearance,
    cleared_at: p.medicalClearanceAt?.toISOString() ?? null,
    erased_at: p.medicalErasedAt?.toISOString() ?? null,
    file:
      p.medicalClearanceFile && p.medicalClearanceFileAt
        ? {
            received_at: p.medicalClearanceFileAt.toISOString(),
            mime_type: p.medicalClearanceFileType ?? "",
            size: p.medicalClearanceFileSize ?? 0,
            text: clearanceFileText(p.medicalClearanceFileType ?? "", p.medicalClearanceFileSize ?? 0),
          }
        : null,
    history: events.map(
      (e): ClearanceEvent => ({
        kind: e.kind,
        at: e.createdAt.toISOString(),
        recorded_by: e.recordedBy,
        doctor: e.doctor,
        cleared_on: e.clearedOn,
        note: e.note,
      }),
    ),
  };
}
export type ClearanceView = Awaited<ReturnType<typeof clearanceView>>;

const EXTENSIONS: Record<string, string> = { "application/pdf": "pdf", "image/webp": "webp" };

/** The stored file for the operator: its bytes, type and a download name that names no one. */
export async function clearanceFile(db: DB, dataDir: string, participantId: string) {
  const [row] = await db
    .select({
      file: participants.medicalClearanceFile,
      type: participants.medicalClearanceFileType,
      position: participants.position,
      reference: bookings.reference,
    })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(eq(participants.id, participantId))
    .limit(1);
  if (!row?.file || !row.type) throw notFound("No clearance file");
  const opened = await openPrivateFile(dataDir, CLEARANCE_FOLDER, row.file);
  if (!opened) throw notFound("No clearance file");
  return {
    ...opened,
    mimeType: row.type,
    downloadName: `clearance-${row.reference}-${row.position}.${EXTENSIONS[row.type] ?? "bin"}`,
  };
}

/**
 * Erases what a participant's clearance left beside the answers: its history
 * rows, in the caller's transaction. The files are removed by the caller
 * after the commit (removePrivateFiles), from the names this answers.
 */
export async function eraseClearanceRecords(tx: DB, participantIds: string[]): Promise<void> {
  if (participantIds.length === 0) return;
  await tx
    .delete(medicalClearanceEvents)
    .where(inArray(medicalClearanceEvents.participantId, participantIds));
}
