/**
 * The doctor's clearance rules, called directly on the test database. A post is taken only with one
 * non-empty file in the clearance field, within the size limit and whole; any other post is refused
 * with the reason and leaves no temporary file. A file is saved only for a saved person on a
 * confirmed booking, typed and stripped, into the private folder, and a new one replaces the old.
 * The operator's view and download show the stored facts only while the file is there; erasing
 * removes the named people's history only.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLEARANCE_FILE_MESSAGE, clearanceFileText } from "../../app/lib/medical.ts";
import type { DB } from "../../server/db/client.server.ts";
import { type BookingStatus, medicalClearanceEvents, participants } from "../../server/db/schema.ts";
import {
  CLEARANCE_FOLDER,
  type ClearanceDeps,
  type ClearanceTarget,
  clearanceFile,
  clearanceReceipt,
  clearanceView,
  eraseClearanceRecords,
  receiveClearanceFile,
} from "../../server/domain/dive-ops/medical-clearance.server.ts";
import { HttpError } from "../../server/errors.server.ts";
import { privateDir } from "../../server/media/private-store.server.ts";
import { uploadTmpDir } from "../../server/media/store.server.ts";
import * as fx from "../fixtures/files.ts";
import { insertBooking } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

const NOW = new Date("2032-03-01T02:00:00Z");
let t: TestContext;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "tw-clearance-records-"));
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A data folder of the test's own. */
const dataDir = () => mkdtempSync(path.join(root, "data-"));
const deps = (dir: string, uploadMaxMb = 20, db: DB = t.db): ClearanceDeps => ({
  db,
  env: { DATA_DIR: dir, UPLOAD_MAX_MB: uploadMaxMb },
  log: t.services.log,
  now: () => new Date(NOW),
});
const list = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const leftovers = (dir: string) => list(uploadTmpDir(dir));
const stored = (dir: string) => list(privateDir(dir, CLEARANCE_FOLDER));
const row = async (id: string) => (await t.db.select().from(participants).where(eq(participants.id, id)))[0];

/** A multipart post built as a browser builds it. */
function post(files: [field: string, bytes: Buffer, name: string][], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, bytes, name] of files) form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return new Request("http://localhost/clearance", { method: "POST", body: form });
}
const pdfPost = (bytes = fx.pdf(), name = "letter.pdf") => post([["clearance_file", bytes, name]]);
const FILE: [string, Buffer, string] = ["clearance_file", fx.pdf(), "letter.pdf"];
/** A post of raw bytes (or a stream) under a content type of the test's choosing. */
const rawPost = (body: string | ReadableStream<Uint8Array>, type = "multipart/form-data; boundary=XYZ") => {
  const init = { method: "POST", headers: { "content-type": type }, body, duplex: "half" };
  return new Request("http://localhost/clearance", init as RequestInit);
};

/** Receives a post whose link finds nothing, noting what `locate` saw. */
async function readOnly(request: Request, dir: string, uploadMaxMb = 20) {
  const seen: { at: Date; tmp: string[] }[] = [];
  const outcome = await receiveClearanceFile(deps(dir, uploadMaxMb), request, async (at) => {
    seen.push({ at, tmp: leftovers(dir) });
    return null;
  });
  return { outcome, seen };
}
const refusal = (status: number, message: string) => ({ kind: "refused", status, message });
const CHOOSE = refusal(400, "Choose the doctor's clearance to upload");
const WHOLE = refusal(400, "The upload did not arrive whole: please try again");
const UNSAVED = refusal(409, "Save this person's details and medical answers first, then send the clearance");
const CLOSED = refusal(409, "This booking's details can no longer be changed");
const TYPE = refusal(415, CLEARANCE_FILE_MESSAGE);
const TAKEN = [{ at: NOW, tmp: [expect.stringMatching(/^[a-f0-9]{32}\.part$/)] }];

/** A booking of two whose person 1 is saved. */
async function person(status: BookingStatus = "confirmed") {
  const { booking } = await insertBooking(t.db, { status, groupSize: 2, date: "2032-04-01" });
  const values = { bookingId: booking.id, position: 1, fullName: "Clara Diver" };
  const [participant] = await t.db.insert(participants).values(values).returning();
  const target: ClearanceTarget = { bookingId: booking.id, position: 1 };
  return { booking, participant, target, locate: async () => target };
}

describe("reading the post", () => {
  it("refuses a post without a file in the clearance field, or with an empty file, and keeps nothing", async () => {
    const dir = dataDir();
    const cases = [
      post([["other_field", fx.pdf(), "letter.pdf"]]),
      post([["clearance_file", Buffer.alloc(0), "letter.pdf"]]),
      post([], { note: "no file" }),
    ];
    for (const request of cases) {
      expect(await readOnly(request, dir)).toStrictEqual({ outcome: CHOOSE, seen: [] });
      expect(leftovers(dir)).toEqual([]);
    }
  });

  it("takes a file at the limit into the upload folder and refuses one byte more with the limit in MB", async () => {
    const dir = dataDir();
    // 0.001 MB is 1048 whole bytes; a file that reaches the limit is cut, so 1047 are taken, 1048 are not.
    const at = await readOnly(pdfPost(Buffer.alloc(1047, 0x25)), dir, 0.001);
    expect(at).toEqual({ outcome: { kind: "not_found" }, seen: TAKEN });
    const over = await readOnly(pdfPost(Buffer.alloc(1048, 0x25)), dir, 0.001);
    expect(over).toStrictEqual({ outcome: refusal(413, "The file must be at most 0.001 MB"), seen: [] });
    // The clearance's own limit when the server's is larger; a second file is refused the same way.
    const two = await readOnly(post([FILE, FILE]), dir, 20);
    expect(two).toStrictEqual({ outcome: refusal(413, "The file must be at most 10 MB"), seen: [] });
    expect(leftovers(dir)).toEqual([]);
  });

  it("takes five short fields beside the file and refuses a sixth or a longer one as not arriving whole", async () => {
    const dir = dataDir();
    const five = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`f${i}`, "x"]));
    expect((await readOnly(post([FILE], five), dir)).seen).toEqual(TAKEN);
    expect((await readOnly(post([FILE], { note: "x".repeat(1023) }), dir)).seen).toEqual(TAKEN);
    for (const request of [
      post([FILE], { ...five, f6: "x" }),
      post([FILE], { note: "x".repeat(1024) }),
      rawPost(
        '--XYZ\r\nContent-Disposition: form-data; name="clearance_file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut',
      ),
      rawPost("clearance_file=letter.pdf", "application/x-www-form-urlencoded"),
    ]) {
      expect(await readOnly(request, dir)).toStrictEqual({ outcome: WHOLE, seen: [] });
    }
    expect(leftovers(dir)).toEqual([]);
  });

  it("lets an error of the connection itself through instead of refusing the post", async () => {
    const dir = dataDir();
    const body = new ReadableStream<Uint8Array>({ pull: (c) => c.error(new Error("connection reset")) });
    const failed = readOnly(rawPost(body), dir);
    await expect(failed).rejects.toThrow("connection reset");
    await expect(failed).rejects.not.toBeInstanceOf(HttpError);
    expect(leftovers(dir)).toEqual([]);
  });
});

describe("receiving the file", () => {
  it("answers a link that finds nothing, a person not saved yet and a closed booking, keeping nothing", async () => {
    const dir = dataDir();
    expect(await readOnly(pdfPost(), dir)).toEqual({ outcome: { kind: "not_found" }, seen: TAKEN });
    const cancelled = await person("cancelled");
    expect(await receiveClearanceFile(deps(dir), pdfPost(), cancelled.locate)).toStrictEqual(CLOSED);
    // Person 2 of a saved person's booking, and person 1 of a booking where no one is saved.
    const { target } = await person();
    const { booking: bare } = await insertBooking(t.db, { status: "confirmed", date: "2032-04-01" });
    for (const other of [
      { ...target, position: 2 },
      { bookingId: bare.id, position: 1 },
    ]) {
      expect(await receiveClearanceFile(deps(dir), pdfPost(), async () => other)).toStrictEqual(UNSAVED);
    }
    expect({ stored: stored(dir), tmp: leftovers(dir) }).toEqual({ stored: [], tmp: [] });
    expect((await row(cancelled.participant.id)).medicalClearanceFile).toBeNull();
  });

  it("refuses a type not taken, a file that cannot be stripped and an image that cannot be read", async () => {
    const dir = dataDir();
    const { participant, locate } = await person();
    const receive = (request: Request) => receiveClearanceFile(deps(dir), request, locate);
    for (const [bytes, name] of [
      [await fx.image("gif"), "a.gif"],
      [Buffer.from("just some words"), "a.txt"],
    ] as const) {
      expect(await receive(post([["clearance_file", bytes, name]]))).toStrictEqual(TYPE);
    }
    const encrypted = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R /Encrypt 2 0 R >>\n%%EOF\n",
    );
    expect(await receive(pdfPost(encrypted, "locked.pdf"))).toStrictEqual(
      refusal(
        400,
        '"locked.pdf" cannot be stored without its metadata (such as where and when it was made, and by whom): it is encrypted. Export it again without metadata and upload that.',
      ),
    );
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const logged = t.logs.length;
    expect(await receive(post([["clearance_file", broken, "scan.jpg"]]))).toStrictEqual(
      refusal(400, CLEARANCE_FILE_MESSAGE),
    );
    const warned = t.logs.slice(logged).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warned.filter((e) => e.msg === "clearance file could not be processed")).toEqual([
      expect.objectContaining({ level: "warn", type: "jpg" }),
    ]);
    expect({ stored: stored(dir), tmp: leftovers(dir) }).toEqual({ stored: [], tmp: [] });
    expect((await row(participant.id)).medicalClearanceFile).toBeNull();
  });

  it("saves a PDF into the private folder, and a new picture replaces it and removes the old file", async () => {
    const dir = dataDir();
    const { participant, locate } = await person();
    expect(await receiveClearanceFile(deps(dir), pdfPost(), locate)).toEqual({ kind: "saved" });
    const first = (await row(participant.id)).medicalClearanceFile ?? "";
    const facts = { medicalClearanceFileAt: NOW, updatedAt: NOW };
    expect(await row(participant.id)).toMatchObject({
      medicalClearanceFile: expect.stringMatching(/^[a-f0-9]{24}\.pdf$/),
      medicalClearanceFileType: "application/pdf",
      medicalClearanceFileSize: fx.pdf().length,
      ...facts,
    });
    expect({ stored: stored(dir), tmp: leftovers(dir) }).toEqual({ stored: [first], tmp: [] });

    const png = post([["clearance_file", await fx.image("png"), "scan.png"]]);
    expect(await receiveClearanceFile(deps(dir), png, locate)).toEqual({ kind: "saved" });
    const second = (await row(participant.id)).medicalClearanceFile ?? "";
    expect(await row(participant.id)).toMatchObject({
      medicalClearanceFile: expect.stringMatching(/^[a-f0-9]{24}\.webp$/),
      medicalClearanceFileType: "image/webp",
      medicalClearanceFileSize: statSync(path.join(privateDir(dir, CLEARANCE_FOLDER), second)).size,
      ...facts,
    });
    expect({ stored: stored(dir), tmp: leftovers(dir) }).toEqual({ stored: [second], tmp: [] });
  });

  it("removes the stored file again when the database refuses the save, and lets the error through", async () => {
    const dir = dataDir();
    const { participant, locate } = await person();
    // The same database, but its transactions fail.
    const fail = () => Promise.reject(new Error("database away"));
    const away = new Proxy(t.db, { get: (db, key) => (key === "transaction" ? fail : Reflect.get(db, key)) });
    const saving = receiveClearanceFile(deps(dir, 20, away), pdfPost(), locate);
    await expect(saving).rejects.toThrow("database away");
    expect({ stored: stored(dir), tmp: leftovers(dir) }).toEqual({ stored: [], tmp: [] });
    expect((await row(participant.id)).medicalClearanceFile).toBeNull();
  });
});

describe("the customer's receipt", () => {
  it("says when the file arrived and what it is, with a missing type or size as none, and nothing without a time", () => {
    const at = { medicalClearanceFileAt: new Date("2032-03-04T05:06:07.089Z") };
    const pdf = { medicalClearanceFileType: "application/pdf", medicalClearanceFileSize: 3 * 1024 * 1024 };
    const none = { medicalClearanceFileType: null, medicalClearanceFileSize: null };
    const receivedAt = "2032-03-04T05:06:07.089Z";
    expect(clearanceReceipt({ ...at, ...pdf })).toStrictEqual({ receivedAt, text: "PDF, 3 MB" });
    // clearanceFileText words a missing type as a picture and a missing size as the least it shows.
    expect(clearanceReceipt({ ...at, ...none })).toStrictEqual({
      receivedAt,
      text: clearanceFileText("", 0),
    });
    expect(clearanceReceipt({ medicalClearanceFileAt: null, ...pdf })).toBeNull();
  });
});

describe("the operator's view and download", () => {
  const NAME = "0123456789abcdef01234567";
  const notFound = async (answer: Promise<unknown>, message: string) => {
    await expect(answer).rejects.toBeInstanceOf(HttpError);
    await expect(answer).rejects.toMatchObject({ status: 404, message });
  };
  const setFile = (id: string, values: Partial<typeof participants.$inferInsert>) =>
    t.db.update(participants).set(values).where(eq(participants.id, id));

  it("answers 404 for an unknown person and shows the file only when both its name and time are set", async () => {
    await notFound(clearanceView(t.db, "no-such-participant"), "Participant not found");
    const { booking, participant } = await person();
    const view = () => clearanceView(t.db, participant.id);
    expect(await view()).toStrictEqual({
      participant_id: participant.id,
      full_name: "Clara Diver",
      position: 1,
      reference: booking.reference,
      needs_clearance: false,
      cleared_at: null,
      erased_at: null,
      file: null,
      history: [],
    });
    await setFile(participant.id, { medicalClearanceFile: `${NAME}.pdf` });
    expect((await view()).file).toBeNull();
    await setFile(participant.id, { medicalClearanceFile: null, medicalClearanceFileAt: NOW });
    expect((await view()).file).toBeNull();
    await setFile(participant.id, { medicalClearanceFile: `${NAME}.pdf` });
    const received_at = NOW.toISOString();
    expect((await view()).file).toStrictEqual({
      received_at,
      mime_type: "",
      size: 0,
      text: clearanceFileText("", 0),
    });
    const erased = new Date("2032-05-01T00:00:00.123Z");
    await setFile(participant.id, {
      medicalClearanceFileType: "application/pdf",
      medicalClearanceFileSize: 2048,
      medicalClearanceAt: NOW,
      medicalErasedAt: erased,
    });
    expect(await view()).toMatchObject({
      cleared_at: NOW.toISOString(),
      erased_at: erased.toISOString(),
      file: { received_at, mime_type: "application/pdf", size: 2048, text: "PDF, 2 KB" },
    });
  });

  it("lists the person's history oldest first (ties by id) with its fields, and no one else's", async () => {
    const { participant } = await person();
    const other = await person();
    const later = new Date(NOW.getTime() + 60_000);
    const p = participant.id;
    const recorded = { recordedBy: "Sam", doctor: "Dr Rhee", clearedOn: "2032-02-28", note: "OK" };
    // Inserted out of order: the later two at the same moment, the one with the larger id first.
    await t.db.insert(medicalClearanceEvents).values([
      { id: `${p}-c`, participantId: p, kind: "voided", createdAt: later },
      { id: `${p}-a`, participantId: p, kind: "undone", recordedBy: "Alex", note: "Wrong", createdAt: later },
      { id: `${p}-b`, participantId: p, kind: "recorded", ...recorded, createdAt: NOW },
      { participantId: other.participant.id, kind: "recorded", createdAt: NOW },
    ]);
    const [at, at2] = [NOW.toISOString(), later.toISOString()];
    expect((await clearanceView(t.db, p)).history).toStrictEqual([
      { kind: "recorded", at, recorded_by: "Sam", doctor: "Dr Rhee", cleared_on: "2032-02-28", note: "OK" },
      { kind: "undone", at: at2, recorded_by: "Alex", doctor: "", cleared_on: null, note: "Wrong" },
      { kind: "voided", at: at2, recorded_by: "", doctor: "", cleared_on: null, note: "" },
    ]);
  });

  it("answers 404 'No clearance file' without a file, a type, the person or the file on disk", async () => {
    const dir = dataDir();
    mkdirSync(privateDir(dir, CLEARANCE_FOLDER), { recursive: true });
    // The file the row will name without a type is there: the type alone is missing.
    writeFileSync(path.join(privateDir(dir, CLEARANCE_FOLDER), `${NAME}.pdf`), fx.pdf());
    const { participant } = await person();
    const open = () => clearanceFile(t.db, dir, participant.id);
    await notFound(open(), "No clearance file");
    await setFile(participant.id, { medicalClearanceFile: `${NAME}.pdf` });
    await notFound(open(), "No clearance file");
    await notFound(clearanceFile(t.db, dir, "no-such-participant"), "No clearance file");
    await setFile(participant.id, {
      medicalClearanceFile: `${"f".repeat(24)}.pdf`,
      medicalClearanceFileType: "application/pdf",
    });
    await notFound(open(), "No clearance file");
  });

  it("hands out the stored bytes with the row's type and a download name of reference and place", async () => {
    const dir = dataDir();
    const folder = privateDir(dir, CLEARANCE_FOLDER);
    mkdirSync(folder, { recursive: true });
    const { booking, participant } = await person();
    const cases: [string, string, string][] = [
      [`${NAME}.pdf`, "application/pdf", "pdf"],
      [`${NAME}.webp`, "image/webp", "webp"],
      [`${NAME}.webp`, "image/png", "bin"],
    ];
    for (const [name, type, ext] of cases) {
      const bytes = Buffer.from(`bytes of ${type}`);
      writeFileSync(path.join(folder, name), bytes);
      await setFile(participant.id, { medicalClearanceFile: name, medicalClearanceFileType: type });
      const { body, ...rest } = await clearanceFile(t.db, dir, participant.id);
      const downloadName = `clearance-${booking.reference}-1.${ext}`;
      expect(rest).toStrictEqual({ size: bytes.length, mimeType: type, downloadName });
      expect(Buffer.from(await new Response(body).arrayBuffer())).toEqual(bytes);
    }
  });
});

describe("erasing the history", () => {
  it("touches nothing for no one, and deletes only the named people's events", async () => {
    const touched = () => {
      throw new Error("the database was touched");
    };
    const untouchable = new Proxy({}, { get: touched }) as DB;
    await expect(eraseClearanceRecords(untouchable, [])).resolves.toBeUndefined();
    const [a, b, c] = [await person(), await person(), await person()];
    const ids = [a, b, c].map((x) => x.participant.id);
    await t.db.insert(medicalClearanceEvents).values(
      ids.flatMap((participantId) => [
        { participantId, kind: "recorded" as const },
        { participantId, kind: "undone" as const },
      ]),
    );
    const left = async () =>
      (await t.db.select({ p: medicalClearanceEvents.participantId }).from(medicalClearanceEvents))
        .map((e) => e.p)
        .filter((p) => ids.includes(p))
        .sort();
    await eraseClearanceRecords(t.db, []);
    expect(await left()).toEqual([...ids, ...ids].sort());
    await eraseClearanceRecords(t.db, [ids[0], ids[1]]);
    expect(await left()).toEqual([ids[2], ids[2]]);
  });
});
