/**
 * A doctor's clearance, end to end on the server: the diver uploads it from
 * their form (the booking's link or their own), typed by its bytes and
 * stripped of metadata, into the private folder that no public address
 * serves; only the admin API (with the token) hands it out; a refusal is a
 * 4xx naming the field. The operator records the clearance with a note and
 * can undo it (the history keeps both, readiness follows); repeated submits
 * record once. The file, its facts and the history are erased with the
 * medical answers, and none of it reaches the log.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical.ts";
import * as participantPage from "../../app/routes/public/my-booking-participant.tsx";
import * as detailsPage from "../../app/routes/public/my-details.tsx";
import { medicalClearanceEvents, participants } from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import * as fx from "../fixtures/files.ts";
import { imageWithMetadata, pdfWithMetadata, SECRETS } from "../fixtures/metadata-files.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, formPost, type RouteFn } from "../helpers/page-routes.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let current = new Date("2032-03-01T02:00:00Z");
const now = () => new Date(current);
const sydneyNoon = (date: string) => new Date(`${date}T02:00:00Z`);

let t: TestContext;
let pages: ReturnType<typeof appWithRoutes>;
let dataDir: string;
let token: string;
const privateFolder = () => path.join(dataDir, "private", "medical-clearance");
const storedNames = () => (existsSync(privateFolder()) ? readdirSync(privateFolder()).sort() : []);
const uploadNames = () =>
  existsSync(path.join(dataDir, "uploads")) ? readdirSync(path.join(dataDir, "uploads")) : [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "tw-clearance-test-"));
  t = await createTestApp(
    { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dataDir, MEDICAL_RETENTION_DAYS: "30" },
    { now },
  );
  token = await login(t);
  pages = appWithRoutes(t.services, (method, p) => {
    const group = /^\/my-booking\/([^/]+)\/participants\/([^/]+)$/.exec(p);
    if (group) {
      const fn = method === "GET" ? participantPage.loader : participantPage.action;
      return { fn: fn as RouteFn, params: { token: group[1], position: group[2] } };
    }
    const own = /^\/my-details\/([^/]+)$/.exec(p);
    if (own) {
      const fn = method === "GET" ? detailsPage.loader : detailsPage.action;
      return { fn: fn as RouteFn, params: { token: own[1] } };
    }
    return null;
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = (p: string, method = "GET", body?: unknown) => t.app.request(p, authed(token, method, body));

const yesToOne = Object.fromEntries(
  MEDICAL_QUESTION_IDS.map((id, i) => [`medical_${id}`, i === 2 ? "yes" : "no"]),
);

/** A paid dive for two; person 1 answered with a "yes". */
async function diveWithYes(date: string) {
  current = sydneyNoon("2032-03-01");
  const { booking } = await insertBooking(t.db, {
    adventureId: "dive-exhibition",
    date,
    groupSize: 2,
    paid: true,
    email: `clearance-${date}@example.com`,
  });
  const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", now()));
  const saved = await pages.request(
    `/my-booking/${link}/participants/1`,
    formPost({ full_name: "Clara Diver", email: "clara@example.com", ...yesToOne }),
  );
  expect(saved.status).toBe(303);
  const [row] = await t.db.select().from(participants).where(eq(participants.bookingId, booking.id));
  expect(row.medicalNeedsClearance).toBe(true);
  return { booking, link, participant: row };
}

const CLEARANCE_NAME = "Clara-cardiology-letter.pdf";

function upload(bytes: Buffer, name = CLEARANCE_NAME, field = "clearance_file"): RequestInit {
  const form = new FormData();
  form.set(field, new Blob([new Uint8Array(bytes)], { type: "application/octet-stream" }), name);
  return { method: "POST", headers: { Accept: "text/html" }, body: form };
}

const row = async (id: string) => (await t.db.select().from(participants).where(eq(participants.id, id)))[0];

describe("the diver sends the clearance", () => {
  it("takes a PDF from the group's form, stripped, into the private folder, and says it arrived", async () => {
    const { link, participant } = await diveWithYes("2032-04-01");
    const res = await pages.request(`/my-booking/${link}/participants/1`, upload(await pdfWithMetadata()));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(
      `/my-booking/${link}/participants/1?clearance=received#clearance`,
    );

    const saved = await row(participant.id);
    expect(saved.medicalClearanceFileType).toBe("application/pdf");
    expect(saved.medicalClearanceFile).toMatch(/^[a-f0-9]{24}\.pdf$/);
    const bytes = readFileSync(path.join(privateFolder(), saved.medicalClearanceFile ?? ""));
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    for (const secret of Object.values(SECRETS)) expect(bytes.includes(secret)).toBe(false);
    // Nothing of it in the public folder, and the name the diver gave is kept nowhere.
    expect(uploadNames().filter((n) => n.includes(saved.medicalClearanceFile ?? "-"))).toEqual([]);
    expect(JSON.stringify(saved)).not.toContain("cardiology");

    // The group's page says it arrived only on the redirect; its data never carries the person's state.
    const page = (await (
      await pages.request(`/my-booking/${link}/participants/1?clearance=received`)
    ).json()) as {
      clearanceReceived: boolean;
      form: { clearance: unknown };
    };
    expect(page.clearanceReceived).toBe(true);
    expect(page.form.clearance).toBeNull();
  });

  it("re-encodes a photo as WebP without its metadata, and a new file replaces the old one", async () => {
    const { link, participant } = await diveWithYes("2032-04-02");
    await pages.request(
      `/my-booking/${link}/participants/1`,
      upload(await imageWithMetadata("jpeg"), "scan.jpg"),
    );
    const first = (await row(participant.id)).medicalClearanceFile ?? "";
    expect(first).toMatch(/\.webp$/);
    const bytes = readFileSync(path.join(privateFolder(), first));
    for (const secret of Object.values(SECRETS)) expect(bytes.includes(secret)).toBe(false);

    const again = await pages.request(
      `/my-booking/${link}/participants/1`,
      upload(await fx.image("png"), "scan.png"),
    );
    expect(again.status).toBe(303);
    const second = await row(participant.id);
    expect(second.medicalClearanceFile).not.toBe(first);
    expect(storedNames()).not.toContain(first);
    expect(storedNames()).toContain(second.medicalClearanceFile);
  });

  it("refuses other types, files too large and an empty post with a 4xx naming the field", async () => {
    const { link, participant } = await diveWithYes("2032-04-03");
    const before = storedNames();
    const post = (init: RequestInit) => pages.request(`/my-booking/${link}/participants/1`, init);
    const cases: [RequestInit, number][] = [
      [upload(fx.html(), "clearance.pdf"), 415],
      [upload(fx.exe(), "clearance.jpg"), 415],
      [upload(await fx.image("gif"), "clearance.gif"), 415],
      [upload(fx.docx(), "clearance.docx"), 415],
      [upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x25), "big.pdf"), 413],
      [upload(fx.pdf(), "x.pdf", "other_field"), 400],
      // A HEIC picture this server cannot convert is refused as the media library refuses it.
      [
        upload(
          Buffer.concat([
            Buffer.from([0, 0, 0, 0x18]),
            Buffer.from("ftypheic"),
            Buffer.from([0, 0, 0, 0]),
            Buffer.from("mif1heic"),
            Buffer.from(SECRETS.place),
          ]),
          "IMG_0001.HEIC",
        ),
        400,
      ],
    ];
    for (const [init, status] of cases) {
      const res = await post(init);
      expect(res.status).toBe(status);
      const body = (await res.json()) as { errors: Record<string, string>; intent: string };
      expect(Object.keys(body.errors)).toEqual(["clearance_file"]);
      expect(body.intent).toBe("clearance");
    }
    expect((await post(upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x25), "big.pdf"))).status).toBe(413);
    expect(storedNames()).toEqual(before);
    expect((await row(participant.id)).medicalClearanceFile).toBeNull();
    // Nothing left half-received either.
    const tmp = path.join(dataDir, "upload-tmp");
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });

  it("answers a wrong link with 404 and stores nothing", async () => {
    const before = storedNames();
    const res = await pages.request(`/my-booking/${"x".repeat(43)}/participants/1`, upload(fx.pdf()));
    expect(res.status).toBe(404);
    expect(storedNames()).toEqual(before);
  });

  it("shows the person, on their own link, that their file arrived; the file itself only to the operator", async () => {
    const { booking, participant } = await diveWithYes("2032-04-04");
    const own = await t.db.transaction((tx) =>
      mintBookingLink(tx, booking.id, "participant", now(), participant.id),
    );
    const res = await pages.request(`/my-details/${own}`, upload(fx.pdf()));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/my-details/${own}?clearance=received#clearance`);
    const page = (await (await pages.request(`/my-details/${own}`)).json()) as {
      form: { clearance: { needed: boolean; cleared: boolean; received: { text: string } | null } };
    };
    expect(page.form.clearance).toMatchObject({
      needed: true,
      cleared: false,
      received: { text: expect.stringMatching(/^PDF, /) },
    });

    const name = (await row(participant.id)).medicalClearanceFile ?? "";
    // No public address serves it: not the uploads folder, not a guess at the private one.
    for (const p of [
      `/uploads/${name}`,
      `/private/medical-clearance/${name}`,
      `/uploads/../private/medical-clearance/${name}`,
    ]) {
      expect((await t.app.request(p)).status, p).toBe(404);
    }
    const file = `/api/admin/participants/${participant.id}/medical-clearance/file`;
    expect((await t.app.request(file)).status).toBe(401);
    expect((await t.app.request(file, { headers: { Authorization: "Bearer nope" } })).status).toBe(401);
    const got = await admin(file);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("content-disposition")).toBe(
      `attachment; filename="clearance-${booking.reference}-1.pdf"`,
    );
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(got.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await got.arrayBuffer()).equals(readFileSync(path.join(privateFolder(), name)))).toBe(
      true,
    );
  });

  it("never lets another booking's link reach or replace this person's file", async () => {
    const a = await diveWithYes("2032-04-05");
    const b = await diveWithYes("2032-04-06");
    await pages.request(`/my-booking/${a.link}/participants/1`, upload(fx.pdf()));
    const aFile = (await row(a.participant.id)).medicalClearanceFile;
    // B's link posts to B's person 1; A's file stays.
    await pages.request(`/my-booking/${b.link}/participants/1`, upload(fx.pdf()));
    expect((await row(a.participant.id)).medicalClearanceFile).toBe(aFile);
    expect((await row(b.participant.id)).medicalClearanceFile).not.toBe(aFile);
    // B's link opens nothing of A: its pages carry no file, and there is no customer route to a file.
    const page = await (await pages.request(`/my-booking/${b.link}/participants/1`)).text();
    expect(page).not.toContain(aFile ?? "-");
    expect((await pages.request(`/my-booking/${b.link}/participants/1/clearance`)).status).toBe(404);
  });
});

describe("the operator records the clearance", () => {
  const record = (id: string, body: Record<string, unknown>) =>
    admin(`/api/admin/participants/${id}/medical-clearance`, "POST", body);
  const undo = (id: string, body: Record<string, unknown>) =>
    admin(`/api/admin/participants/${id}/medical-clearance/undo`, "POST", body);
  const view = async (id: string) =>
    (await (await admin(`/api/admin/participants/${id}/medical-clearance`)).json()) as {
      cleared_at: string | null;
      file: { text: string } | null;
      history: {
        kind: string;
        recorded_by: string;
        doctor: string;
        cleared_on: string | null;
        note: string;
      }[];
    };
  /** Whether the readiness rule still waits for this person's clearance. */
  const awaited = async (bookingId: string) =>
    (
      (await (await admin(`/api/admin/bookings/${bookingId}/participants`)).json()) as {
        participants: { issues: string[] }[];
      }
    ).participants[0].issues.includes("medical_clearance_needed");

  const note = {
    recorded_by: "Sam Instructor",
    doctor: "Dr Rhee, Harbour Medical",
    cleared_on: "2032-02-28",
    note: "Cleared for recreational diving to 18 m",
  };

  it("names the field of a bad note, and a date on the clearance in the future", async () => {
    const { participant } = await diveWithYes("2032-05-01");
    const bad = await record(participant.id, { ...note, doctor: " " });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("doctor");
    const future = await record(participant.id, { ...note, cleared_on: "2032-03-02" });
    expect(future.status).toBe(400);
    expect((await future.json()).errors).toHaveProperty("cleared_on");
    const undoBad = await undo(participant.id, { note: "x" });
    expect(undoBad.status).toBe(400);
    expect((await undoBad.json()).errors).toHaveProperty("recorded_by");
    expect((await row(participant.id)).medicalClearanceAt).toBeNull();
  });

  it("records with a note, undoes it (not ready again), and the history shows both", async () => {
    const { booking, link, participant } = await diveWithYes("2032-05-02");
    await pages.request(`/my-booking/${link}/participants/1`, upload(fx.pdf()));
    expect(await awaited(booking.id)).toBe(true);

    const recorded = await record(participant.id, { ...note, request_key: "form-one-0001" });
    expect(recorded.status).toBe(200);
    expect((await recorded.json()).medical_clearance_at).toBe(now().toISOString());
    expect(await awaited(booking.id)).toBe(false);

    current = new Date(current.getTime() + 60_000);
    const undone = await undo(participant.id, {
      recorded_by: "Alex Manager",
      note: "Letter was for someone else",
    });
    expect(undone.status).toBe(200);
    expect((await undone.json()).medical_clearance_at).toBeNull();
    expect(await awaited(booking.id)).toBe(true);

    const shown = await view(participant.id);
    expect(shown.cleared_at).toBeNull();
    expect(shown.file?.text).toMatch(/^PDF, /);
    expect(shown.history).toEqual([
      { kind: "recorded", at: expect.any(String), ...note },
      {
        kind: "undone",
        at: expect.any(String),
        recorded_by: "Alex Manager",
        doctor: "",
        cleared_on: null,
        note: "Letter was for someone else",
      },
    ]);

    // The first form sent again (a late double submit) records nothing: its key was used.
    expect((await record(participant.id, { ...note, request_key: "form-one-0001" })).status).toBe(200);
    expect((await row(participant.id)).medicalClearanceAt).toBeNull();
    // The notes are medical data: none of it in the log.
    const log = t.logs.join("\n");
    for (const text of [
      note.note,
      note.doctor,
      "Letter was for someone else",
      CLEARANCE_NAME,
      "cardiology",
    ]) {
      expect(log).not.toContain(text);
    }
  });

  it("records once when the form is submitted twice at the same moment, and undoes once", async () => {
    const { participant } = await diveWithYes("2032-05-03");
    const both = await Promise.all([
      record(participant.id, { ...note, request_key: "double-click-01" }),
      record(participant.id, { ...note, request_key: "double-click-01" }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const undos = await Promise.all([
      undo(participant.id, { recorded_by: "Sam", request_key: "undo-click-001" }),
      undo(participant.id, { recorded_by: "Sam", request_key: "undo-click-001" }),
    ]);
    expect(undos.map((r) => r.status)).toEqual([200, 200]);
    const events = await t.db
      .select({ kind: medicalClearanceEvents.kind })
      .from(medicalClearanceEvents)
      .where(eq(medicalClearanceEvents.participantId, participant.id));
    expect(events.map((e) => e.kind).sort()).toEqual(["recorded", "undone"]);
  });

  it("notes in the history that new answers voided a clearance", async () => {
    const { link, participant } = await diveWithYes("2032-05-04");
    await record(participant.id, note);
    current = new Date(current.getTime() + 60_000);
    const other = Object.fromEntries(
      MEDICAL_QUESTION_IDS.map((id, i) => [`medical_${id}`, i === 4 ? "yes" : "no"]),
    );
    await pages.request(
      `/my-booking/${link}/participants/1`,
      formPost({ full_name: "Clara Diver", ...other }),
    );
    const shown = await view(participant.id);
    expect(shown.cleared_at).toBeNull();
    expect(shown.history.map((h) => h.kind)).toEqual(["recorded", "voided"]);
  });
});

describe("erasing the clearance with the answers", () => {
  it("erases the file, its facts and the history 30 days after the trip", async () => {
    const { link, participant } = await diveWithYes("2032-06-01");
    await pages.request(`/my-booking/${link}/participants/1`, upload(fx.pdf()));
    await admin(`/api/admin/participants/${participant.id}/medical-clearance`, "POST", {
      recorded_by: "Sam",
      doctor: "Dr Rhee",
      cleared_on: "2032-02-28",
    });
    const name = (await row(participant.id)).medicalClearanceFile ?? "";
    expect(storedNames()).toContain(name);

    current = sydneyNoon("2032-07-01"); // 30 days after: kept
    await t.services.tripEmails.run();
    expect(storedNames()).toContain(name);

    current = sydneyNoon("2032-07-02");
    await t.services.tripEmails.run();
    const erased = await row(participant.id);
    expect(erased).toMatchObject({
      medicalAnswers: null,
      medicalClearanceAt: null,
      medicalClearanceFile: null,
      medicalClearanceFileType: null,
      medicalClearanceFileSize: null,
      medicalClearanceFileAt: null,
    });
    expect(storedNames()).not.toContain(name);
    const events = await t.db
      .select()
      .from(medicalClearanceEvents)
      .where(eq(medicalClearanceEvents.participantId, participant.id));
    expect(events).toEqual([]);
    token = await login(t);
    expect((await admin(`/api/admin/participants/${participant.id}/medical-clearance/file`)).status).toBe(
      404,
    );
  });
});
