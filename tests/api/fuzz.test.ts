/**
 * Property-based fuzzing of every API route: thousands of requests built from
 * each route's schema, with valid-looking values mixed with hostile ones (NUL,
 * lone surrogates, huge strings, wrong types, nested junk, numbers and dates out
 * of range, path ids such as %00 or ../), wrong content types and malformed
 * JSON. No answer may be a 5xx, and the seeded catalogue must be intact after.
 *
 * Writes that name a row use ids that do not exist, so valid bodies cannot
 * legitimately change a seeded row; valid creates may add rows, which is why
 * the check compares the seeded rows by id.
 *
 * Every route gets every hostile value at least once (a fixed sweep), then
 * FUZZ_RUNS random runs (20 in `npm test`, each run with a new seed; `npm run fuzz` sends 2,000 per
 * route, about 90,000 requests). The run's seed is printed first; FUZZ_SEED
 * with the same FUZZ_RUNS replays it, and a failure prints fast-check's path.
 */
import { createHash } from "node:crypto";
import { asc, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as forms from "../../app/lib/admin-forms/index.ts";
import { bookingSchema, customPaymentSchema, testCardSchema } from "../../app/lib/booking.ts";
import { releaseRequestSchema } from "../../app/lib/checkout-release.ts";
import { newsletterDraftSchema, newsletterSendSchema } from "../../app/lib/newsletter.ts";
import { contactSchema, newsletterSchema } from "../../app/lib/validation.ts";
import { z } from "../../app/lib/zod.ts";
import { availabilityCreateSchema } from "../../server/api/admin-availability.server.ts";
import {
  adventures,
  BOOKING_STATUSES,
  contentSections,
  faqs,
  galleryImages,
  SUBSCRIBER_STATUSES,
  testimonials,
} from "../../server/db/schema.ts";
import { CONTACT_SECTIONS } from "../../server/domain/content/settings.server.ts";
import { login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

/** Shapes of bodies whose schemas live inside their route modules (only field names and kinds matter here). */
const local = {
  login: z.object({ password: z.string() }),
  bookingStatus: z.object({ status: z.enum(BOOKING_STATUSES) }),
  respond: z.object({ response: z.string() }),
  subscriber: z.object({ status: z.enum(SUBSCRIBER_STATUSES) }),
  settings: z.object({
    notification_email: z.string().optional(),
    contact_email: z.email().optional(),
    contact_phone: z.string().optional(),
    contact_whatsapp: z.string().optional(),
    contact_street_address: z.string().optional(),
    contact_postcode: z.string().optional(),
  }),
  availabilityUpdate: z.object({
    available_spots: z.number().int().optional(),
    price_override: z.union([z.number(), z.literal(""), z.null()]).optional(),
    notes: z.string().optional(),
    is_available: z.boolean().optional(),
    weather_dependent: z.boolean().optional(),
  }),
};

type Method = "GET" | "POST" | "PUT" | "DELETE";
interface RouteSpec {
  method: Method;
  /** ":id" is replaced by a generated path segment. */
  path: string;
  schema?: z.ZodType;
  admin?: boolean;
  /** Query parameters the route reads. */
  query?: string[];
  /** Relative weight of runs (cheap reads get fewer). */
  weight?: number;
}

const ROUTES: RouteSpec[] = [
  // Public
  { method: "GET", path: "/api/adventures-pro", query: ["category"], weight: 0.3 },
  { method: "GET", path: "/api/adventures/:id/dates" },
  { method: "POST", path: "/api/contact", schema: contactSchema },
  { method: "POST", path: "/api/newsletter/subscribe", schema: newsletterSchema },
  { method: "POST", path: "/api/checkouts/release-link", schema: releaseRequestSchema },
  { method: "POST", path: "/api/bookings", schema: bookingSchema, weight: 1.5 },
  { method: "POST", path: "/api/payments/v1/checkout/session", schema: customPaymentSchema, weight: 1.5 },
  { method: "GET", path: "/api/payments/v1/checkout/status/:id", query: ["session_id"] },
  { method: "GET", path: "/api/payments/v1/checkout/cancel/:id" },
  { method: "POST", path: "/api/payments/v1/test-checkout/:id/pay", schema: testCardSchema },
  {
    method: "POST",
    path: "/api/payments/v1/webhook/stripe",
    schema: z.object({ id: z.string(), type: z.string() }),
  },
  { method: "POST", path: "/api/admin/login", schema: local.login, weight: 0.5 },
  // Admin
  { method: "GET", path: "/api/admin/availability/:id", admin: true },
  {
    method: "POST",
    path: "/api/admin/availability",
    schema: availabilityCreateSchema("2026-01-01"),
    admin: true,
  },
  { method: "PUT", path: "/api/admin/availability/:id", schema: local.availabilityUpdate, admin: true },
  { method: "DELETE", path: "/api/admin/availability/:id", admin: true },
  { method: "GET", path: "/api/admin/schedules", admin: true, query: ["adventure_id"], weight: 0.3 },
  {
    method: "POST",
    path: "/api/admin/schedules/preview",
    schema: forms.scheduleSchema("2026-01-01"),
    admin: true,
  },
  { method: "POST", path: "/api/admin/schedules", schema: forms.scheduleSchema("2026-01-01"), admin: true },
  { method: "GET", path: "/api/admin/schedules/:id", admin: true, weight: 0.3 },
  {
    method: "POST",
    path: "/api/admin/schedules/:id/preview",
    schema: forms.scheduleSchema("2026-01-01"),
    admin: true,
  },
  {
    method: "PUT",
    path: "/api/admin/schedules/:id",
    schema: forms.scheduleSchema("2026-01-01"),
    admin: true,
  },
  { method: "GET", path: "/api/admin/schedules/:id/delete-preview", admin: true, weight: 0.3 },
  { method: "DELETE", path: "/api/admin/schedules/:id", admin: true },
  { method: "GET", path: "/api/bookings", admin: true, query: ["status", "q", "page", "page_size"] },
  { method: "GET", path: "/api/admin/bookings/export.csv", admin: true, query: ["status", "q"], weight: 0.5 },
  { method: "GET", path: "/api/admin/bookings/:id/refund-preview", admin: true },
  { method: "PUT", path: "/api/admin/bookings/:id/status", schema: local.bookingStatus, admin: true },
  {
    method: "POST",
    path: "/api/admin/bookings",
    schema: forms.operatorBookingSchema,
    admin: true,
    weight: 1.5,
  },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/payments",
    schema: forms.manualPaymentSchema,
    admin: true,
  },
  { method: "GET", path: "/api/admin/trips", admin: true, query: ["from", "days"], weight: 0.5 },
  { method: "GET", path: "/api/admin/email-log", admin: true, query: ["status", "q", "page"], weight: 0.5 },
  { method: "GET", path: "/api/admin/email-log/:id", admin: true, weight: 0.3 },
  { method: "POST", path: "/api/admin/email-log/:id/retry", admin: true, weight: 0.3 },
  { method: "POST", path: "/api/admin/email-log/:id/send-again", admin: true, weight: 0.3 },
  { method: "GET", path: "/api/admin/bookings/:id/emails", admin: true, weight: 0.3 },
  { method: "POST", path: "/api/admin/bookings/:id/resend-confirmation", admin: true, weight: 0.3 },
  { method: "GET", path: "/api/admin/bookings/:id", admin: true },
  { method: "PUT", path: "/api/admin/bookings/:id/contact", schema: forms.bookingContactSchema, admin: true },
  { method: "POST", path: "/api/admin/bookings/:id/notes", schema: forms.bookingNoteSchema, admin: true },
  {
    method: "POST",
    path: "/api/admin/bookings/:id/refunds",
    schema: forms.operatorRefundSchema,
    admin: true,
  },
  { method: "POST", path: "/api/admin/bookings/:id/link", admin: true },
  {
    method: "GET",
    path: "/api/admin/bookings/:id/change",
    admin: true,
    query: ["date", "group_size"],
    weight: 0.5,
  },
  { method: "POST", path: "/api/admin/bookings/:id/change", schema: forms.bookingChangeSchema, admin: true },
  { method: "POST", path: "/api/admin/bookings/:id/payments/:paymentId/send-link", admin: true, weight: 0.3 },
  { method: "GET", path: "/api/admin/invoice-settings", admin: true, weight: 0.3 },
  { method: "PUT", path: "/api/admin/invoice-settings", schema: forms.taxSettingsSchema, admin: true },
  { method: "GET", path: "/api/admin/invoices", admin: true, query: ["q"], weight: 0.5 },
  { method: "GET", path: "/api/admin/invoices/:id", admin: true, weight: 0.3 },
  { method: "POST", path: "/api/admin/invoices/:id/send", admin: true, weight: 0.3 },
  { method: "GET", path: "/api/admin/bookings/:id/invoices", admin: true, weight: 0.3 },
  { method: "GET", path: "/api/admin/adventures-pro", admin: true, weight: 0.3 },
  { method: "POST", path: "/api/admin/adventures-pro", schema: forms.proAdventureSchema, admin: true },
  { method: "PUT", path: "/api/admin/adventures-pro/:id", schema: forms.proAdventureSchema, admin: true },
  { method: "DELETE", path: "/api/admin/adventures-pro/:id", admin: true },
  { method: "GET", path: "/api/admin/adventures/db", admin: true, weight: 0.3 },
  { method: "POST", path: "/api/admin/adventures/db", schema: forms.simpleAdventureSchema, admin: true },
  { method: "PUT", path: "/api/admin/adventures/db/:id", schema: forms.simpleAdventureSchema, admin: true },
  { method: "DELETE", path: "/api/admin/adventures/db/:id", admin: true },
  { method: "GET", path: "/api/admin/gallery", admin: true, weight: 0.3 },
  { method: "POST", path: "/api/admin/gallery", schema: forms.galleryImageSchema, admin: true },
  { method: "DELETE", path: "/api/admin/gallery/:id", admin: true },
  { method: "GET", path: "/api/admin/testimonials", admin: true, weight: 0.3 },
  { method: "POST", path: "/api/admin/testimonials", schema: forms.testimonialSchema, admin: true },
  { method: "DELETE", path: "/api/admin/testimonials/:id", admin: true },
  { method: "GET", path: "/api/admin/faqs", admin: true, weight: 0.3 },
  { method: "POST", path: "/api/admin/faqs", schema: forms.faqSchema, admin: true },
  { method: "PUT", path: "/api/admin/faqs/:id", schema: forms.faqSchema, admin: true },
  { method: "DELETE", path: "/api/admin/faqs/:id", admin: true },
  { method: "GET", path: "/api/admin/content", admin: true, weight: 0.3 },
  { method: "GET", path: "/api/admin/content/:id", admin: true },
  { method: "POST", path: "/api/admin/content", schema: forms.contentCreateSchema, admin: true },
  { method: "PUT", path: "/api/admin/content/:id", schema: forms.contentUpdateSchema, admin: true },
  { method: "DELETE", path: "/api/admin/content/:id", admin: true },
  { method: "GET", path: "/api/admin/analytics/dashboard", admin: true, weight: 0.2 },
  { method: "GET", path: "/api/admin/dashboard/stats", admin: true, weight: 0.2 },
  { method: "GET", path: "/api/admin/settings", admin: true, weight: 0.2 },
  { method: "PUT", path: "/api/admin/settings", schema: local.settings, admin: true },
  { method: "GET", path: "/api/admin/media", admin: true, weight: 0.3 },
  { method: "GET", path: "/api/admin/media/config", admin: true, weight: 0.2 },
  { method: "POST", path: "/api/admin/media", schema: forms.mediaCreateSchema, admin: true },
  { method: "DELETE", path: "/api/admin/media/:id", admin: true },
  { method: "GET", path: "/api/contact", admin: true, query: ["status"], weight: 0.3 },
  { method: "POST", path: "/api/admin/contact/:id/respond", schema: local.respond, admin: true },
  { method: "GET", path: "/api/admin/newsletter/subscribers", admin: true, query: ["status"], weight: 0.3 },
  { method: "PUT", path: "/api/admin/newsletter/subscribers/:id", schema: local.subscriber, admin: true },
  { method: "POST", path: "/api/admin/newsletter/send", schema: newsletterSendSchema, admin: true },
  { method: "POST", path: "/api/admin/newsletter/test", schema: newsletterDraftSchema, admin: true },
  { method: "POST", path: "/api/admin/logout", admin: false, weight: 0.3 },
];

// ---------------------------------------------------------------- values

/** Marks every generated string: none may ever appear in the log. */
const MARK = "FUZZMARK";

const HOSTILE_STRINGS = [
  "\u0000",
  `${MARK}\u0000nul`,
  `${MARK}\uD800lone`,
  "\uDC00",
  "\u001b[31m",
  "\u007f",
  "",
  " ",
  "0000-00-00",
  "99999-01-01",
  "2024-02-30",
  "-0001-01-01",
  "1e309",
  "NaN",
  "-1",
  "0x10",
  "１２３",
  "../../etc/passwd",
  "%00",
  "'; drop table bookings; --",
  "<script>alert(1)</script>",
  "\u202e\u2066",
  "🐠".repeat(300),
  "x".repeat(70_000),
];
const hostileStrings = fc.constantFrom(...HOSTILE_STRINGS);
const HOSTILE_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1e-7,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  -(2 ** 63),
  1e21,
  1e308,
  Number.MAX_VALUE,
  Number.MIN_SAFE_INTEGER,
];
const hostileNumbers = fc.constantFrom(...HOSTILE_NUMBERS);
const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileStrings,
    hostileNumbers,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }).map((s) => `${MARK}${s}`) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.webUrl() },
);

type Mode = "valid" | "mixed";

/** A leaf: in "valid" mode a plausible value only; in "mixed" mode often a hostile one. */
function leaf<T>(valid: fc.Arbitrary<T>, mode: Mode): fc.Arbitrary<unknown> {
  if (mode === "valid") return valid;
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 2, arbitrary: hostileStrings },
    { weight: 1, arbitrary: hostileNumbers },
    { weight: 1, arbitrary: junk },
  );
}

/** Values the schemas accept for well-known field names, so plausible bodies pass validation and reach the database. */
const SEEDED_ADVENTURES = [
  "dive-exhibition",
  "guided-shore-dive",
  "night-dive-experience",
  "camping-only-2day",
];
function plausible(key: string): fc.Arbitrary<unknown> | null {
  if (/email/.test(key)) return fc.emailAddress().map((e) => `fuzz.${e}`.slice(0, 80));
  if (/phone|whatsapp/.test(key)) return fc.constantFrom("+61 400 111 222", "0400 123 456");
  if (/first_name|last_name|^name$|customer_name|cardholder/.test(key))
    return fc.constantFrom("Mia", "Zoë", "Ngô", `${MARK}Ann`);
  if (key === "adventure_id") return fc.constantFrom(...SEEDED_ADVENTURES, "no-such-adventure");
  if (key === "adventure_type") return fc.constantFrom("general", "custom", "night-dive-experience");
  if (/date/.test(key))
    return fc
      .integer({ min: 1, max: 400 })
      .map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10));
  if (/url/.test(key)) return fc.constantFrom("http://localhost:3999/book", "https://example.com/x.jpg");
  if (key === "group_size" || key === "quantity") return fc.integer({ min: 1, max: 4 });
  if (key === "amount") return fc.integer({ min: 1, max: 500 });
  if (key === "currency") return fc.constantFrom("aud", "usd");
  return null;
}

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/**
 * A value arbitrary shaped like the schema. Objects come three ways: every
 * field plausible (reaches the database when the schema accepts it), every
 * field plausible but one hostile (the case that used to reach the database
 * with a NUL), or every field possibly hostile.
 */
function fromSchema(schema: unknown, mode: Mode = "mixed", depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return mode === "valid" ? fc.constant(null) : junk;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      const keys = Object.keys(shape);
      const field = (k: string, m: Mode) => {
        const byName = plausible(k);
        return byName && m === "valid" ? byName : fromSchema(shape[k], m, depth + 1);
      };
      const record = (m: Mode) =>
        fc.record(Object.fromEntries(keys.map((k) => [k, field(k, m)])), {
          requiredKeys: m === "valid" ? keys : [],
        });
      if (mode === "valid") return record("valid");
      const oneHostile = fc
        .tuple(record("valid"), fc.constantFrom(...keys), fc.oneof(hostileStrings, hostileNumbers, junk))
        .map(([obj, key, bad]) => ({ ...(obj as object), [key]: bad }));
      const extraKeys = fc
        .tuple(record("valid"), fc.dictionary(fc.string({ maxLength: 6 }), junk, { maxKeys: 3 }))
        .map(([a, b]) => ({ ...b, ...(a as object) }));
      return fc.oneof(
        { weight: 3, arbitrary: record("valid") },
        { weight: 4, arbitrary: oneHostile },
        { weight: 3, arbitrary: record("mixed") },
        { weight: 1, arbitrary: extraKeys },
        { weight: 1, arbitrary: junk },
      );
    }
    case "string": {
      const format = def.format as string | undefined;
      if (format === "email") return leaf(fc.emailAddress(), mode);
      if (format === "url") return leaf(fc.webUrl(), mode);
      return leaf(text, mode);
    }
    case "number":
    case "int":
      return leaf(
        fc.oneof(fc.integer({ min: 0, max: 20 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
        mode,
      );
    case "boolean":
      return leaf(fc.boolean(), mode);
    case "enum":
      return leaf(fc.constantFrom(...Object.values(def.entries as Record<string, string>)), mode);
    case "literal":
      return leaf(fc.constantFrom(...(def.values as unknown[])), mode);
    case "array":
      return leaf(fc.array(fromSchema(def.element, mode, depth + 1), { maxLength: 5 }), mode);
    case "record":
      return leaf(
        fc.dictionary(fc.string({ maxLength: 10 }), fromSchema(def.valueType, mode, depth + 1), {
          maxKeys: 5,
        }),
        mode,
      );
    case "union":
      return fc.oneof(...(def.options as unknown[]).map((o) => fromSchema(o, mode, depth + 1)));
    case "pipe":
      return fromSchema(def.in, mode, depth + 1);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return fromSchema(def.innerType, mode, depth + 1);
    default:
      return mode === "valid" ? fc.constant(null) : junk;
  }
}

// ---------------------------------------------------------------- requests

/** Path ids that are not ids: NUL, traversal, broken escapes, huge or numeric-looking. */
const HOSTILE_IDS = [
  "%00",
  "abc%00def",
  "..",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "%E0%A4%A",
  "%ED%A0%80",
  "%ff",
  "%",
  "-1",
  "0",
  "99999999999999999999",
  "1e9",
  "cs_test_AAAAAAAAAAAA",
  "cs_test_%00",
  "x".repeat(5000),
  "%20",
  "null",
  "undefined",
  "%C3%A9t%C3%A9",
];

const pathIds = fc.oneof(
  { weight: 3, arbitrary: fc.uuid().map((u) => encodeURIComponent(u)) },
  {
    weight: 2,
    arbitrary: fc
      .string({ maxLength: 30 })
      .filter((s) => s !== "")
      .map((s) => encodeURIComponent(s)),
  },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
);

const queryValue = fc.oneof(
  fc.constantFrom(
    "",
    "all",
    "confirmed",
    "1",
    "0",
    "-5",
    "1e3",
    "999999999999",
    "%00",
    "%E0%A4%A",
    "%ED%A0%80",
    "a+b",
    "%",
  ),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s)),
);

const malformedJson = fc.constantFrom(
  "",
  "{",
  "[1,2",
  "nul",
  '{"a":}',
  '"\\ud800"',
  '{"customer_first_name":"\\u0000"}',
  "[]",
  "null",
  "42",
  '"text"',
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `{"a":${"[".repeat(3000)}${"]".repeat(3000)}}`,
  "\u0000",
  "\uFEFF{}",
);

const contentTypes = fc.oneof(
  { weight: 14, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/vnd.api+json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "",
      "application/json\u0000",
      "APPLICATION/JSON",
      "application/jsonx",
    ),
  },
);

const ip = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join("."));

interface Generated {
  path: string;
  init: RequestInit;
  describe: string;
}

function requestFor(route: RouteSpec, token: string): fc.Arbitrary<Generated> {
  const body: fc.Arbitrary<string | undefined> = route.schema
    ? fc.oneof(
        { weight: 12, arbitrary: fromSchema(route.schema).map((v) => JSON.stringify(v) ?? "null") },
        { weight: 2, arbitrary: malformedJson },
        { weight: 1, arbitrary: junk.map((v) => JSON.stringify(v) ?? "null") },
      )
    : fc
        .option(
          fc.oneof(
            malformedJson,
            junk.map((v) => JSON.stringify(v) ?? "null"),
          ),
          { freq: 4 },
        )
        .map((v) => v ?? undefined);
  const query = route.query
    ? fc.option(fc.array(fc.tuple(fc.constantFrom(...route.query, "x"), queryValue), { maxLength: 4 }), {
        freq: 3,
      })
    : fc.constant(null);
  const auth = route.admin
    ? fc.oneof(
        { weight: 12, arbitrary: fc.constant(`Bearer ${token}`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom("", "Bearer ", "Bearer x", `Bearer ${token}\u0000`, "Basic abc"),
        },
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: fc.constantFrom("Bearer nope", "Bearer \u00e9") },
      );
  return fc.record({ id: pathIds, body, query, contentType: contentTypes, auth, ip }).map((g) => {
    let path = route.path.replace(":id", g.id);
    if (g.query?.length) path += `?${g.query.map(([k, v]) => `${k}=${v}`).join("&")}`;
    const headers: Record<string, string> = { "X-Forwarded-For": g.ip };
    const sendsBody = route.method !== "GET" && g.body !== undefined;
    // Header values must be ISO-8859-1 without NUL to be sendable at all.
    const safeHeader = (v: string) => [...v].every((ch) => ch.charCodeAt(0) > 0 && ch.charCodeAt(0) < 256);
    if (sendsBody && g.contentType && safeHeader(g.contentType)) headers["Content-Type"] = g.contentType;
    if (g.auth && safeHeader(g.auth)) headers.Authorization = g.auth;
    return {
      path,
      init: { method: route.method, headers, body: sendsBody ? g.body : undefined },
      describe: `${route.method} ${path.slice(0, 200)} ${String(g.body ?? "").slice(0, 300)}`,
    };
  });
}

/**
 * Every hostile value on every route, whatever the number of random runs: each
 * in one field of an otherwise valid body (taking the fields in turn), and each
 * hostile path id where the route has one. Ids in bodies and paths otherwise
 * name no row, as in the random runs.
 */
function hostileSweep(route: RouteSpec, token: string): Generated[] {
  const noRow = "00000000-0000-4000-8000-000000000000";
  const valid = route.schema
    ? fc.sample(fromSchema(route.schema, "valid"), { numRuns: 1, seed: 1 })[0]
    : undefined;
  const fields = valid && typeof valid === "object" && !Array.isArray(valid) ? Object.keys(valid) : [];
  const sendsBody = route.method !== "GET";
  const request = (path: string, body: unknown, n: number): Generated => {
    const headers: Record<string, string> = { "X-Forwarded-For": `198.51.100.${n % 250}` };
    if (route.admin) headers.Authorization = `Bearer ${token}`;
    if (sendsBody) headers["Content-Type"] = "application/json";
    const json = sendsBody && body !== undefined ? JSON.stringify(body) : undefined;
    return {
      path,
      init: { method: route.method, headers, body: json },
      describe: `${route.method} ${path.slice(0, 200)} ${String(json ?? "").slice(0, 300)}`,
    };
  };
  const out: Generated[] = [];
  if (sendsBody && fields.length) {
    [...HOSTILE_STRINGS, ...HOSTILE_NUMBERS].forEach((bad, n) => {
      const body = { ...(valid as object), [fields[n % fields.length]]: bad };
      out.push(request(route.path.replace(":id", noRow), body, n));
    });
  }
  if (route.path.includes(":id")) {
    HOSTILE_IDS.forEach((id, n) => {
      out.push(request(route.path.replace(":id", id), valid, n));
    });
  }
  return out;
}

/** Multipart uploads with hostile field names and values, and files that are or are not images. */
function uploadRequest(token: string): fc.Arbitrary<Generated> {
  const part = fc.tuple(
    fc.oneof(
      fc.constantFrom("files", "folder", "tags", "x", "", "na\u0000me", "\uD800"),
      fc.string({ maxLength: 10 }),
    ),
    fc.oneof(text.map(String), hostileStrings),
    fc.boolean(),
  );
  return fc.tuple(fc.array(part, { maxLength: 4 }), ip).map(([parts, address]) => {
    const form = new FormData();
    for (const [name, value, asFile] of parts) {
      if (asFile) form.append(name, new Blob([value]), `${value.slice(0, 20)}.png`);
      else form.append(name, value);
    }
    return {
      path: "/api/admin/media/upload",
      init: {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": address },
        body: form,
      },
      describe: `upload ${JSON.stringify(parts).slice(0, 300)}`,
    };
  });
}

// ---------------------------------------------------------------- the run

let t: TestContext;
let token: string;
let sent = 0;
const statuses = new Map<number, number>();

const SEEDED_TABLES = { adventures, faqs, testimonials, galleryImages, contentSections } as const;

/** The seeded rows of each table, by id, as JSON. */
async function seededRows(ctx: TestContext, ids: Record<string, string[]>) {
  const out: Record<string, Map<string, Record<string, unknown>>> = {};
  for (const [name, table] of Object.entries(SEEDED_TABLES)) {
    const rows = await ctx.db.select().from(table).where(inArray(table.id, ids[name])).orderBy(asc(table.id));
    out[name] = new Map(rows.map((r) => [r.id, JSON.parse(JSON.stringify(r)) as Record<string, unknown>]));
  }
  return out;
}

/** "table id field" for every seeded row that is gone or differs; plus a checksum of all of them. */
function differences(
  before: Awaited<ReturnType<typeof seededRows>>,
  after: Awaited<ReturnType<typeof seededRows>>,
): string[] {
  const out: string[] = [];
  for (const [name, rows] of Object.entries(before)) {
    for (const [id, row] of rows) {
      const now = after[name].get(id);
      if (!now) {
        out.push(`${name} ${id} deleted`);
        continue;
      }
      for (const key of Object.keys(row)) {
        if (JSON.stringify(row[key]) !== JSON.stringify(now[key])) out.push(`${name} ${id} ${key}`);
      }
    }
  }
  return out;
}

const checksum = (rows: Awaited<ReturnType<typeof seededRows>>) =>
  createHash("sha256")
    .update(JSON.stringify(Object.entries(rows).map(([name, m]) => [name, [...m.values()]])))
    .digest("hex");

beforeAll(async () => {
  // One trusted proxy hop and a random X-Forwarded-For per request: rate limits see many clients.
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1", LOG_LEVEL: "debug" });
  token = await login(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/**
 * Random runs per route: 20 in `npm test` (at least 10), 2,000 (about 90,000 requests) in
 * `npm run fuzz`. Each run has a seed, printed first: FUZZ_SEED replays it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

describe("fuzzing every API route", () => {
  it("never answers 5xx, never logs what was sent, and leaves the seeded catalogue intact", async () => {
    const ids: Record<string, string[]> = {};
    for (const [name, table] of Object.entries({
      adventures,
      faqs,
      testimonials,
      galleryImages,
      contentSections,
    })) {
      const rows = await t.db.select().from(table);
      // PUT /api/admin/settings legitimately rewrites the contact page's email and phone sections.
      const writtenBySettings = (r: Record<string, unknown>) =>
        name === "contentSections" &&
        r.page === "contact" &&
        (Object.values(CONTACT_SECTIONS) as string[]).includes(String(r.section));
      ids[name] = rows.filter((r) => !writtenBySettings(r)).map((r) => r.id);
      expect(ids[name].length, name).toBeGreaterThan(0);
    }
    const before = await seededRows(t, ids);
    const started = Date.now();

    process.stdout.write(
      `fuzz: seed ${SEED}, ${RUNS} runs per route (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})\n`,
    );
    const check = async (g: Generated) => {
      sent++;
      const res = await t.app.request(g.path, g.init);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const body = await res.text();
      if (res.status >= 500) throw new Error(`${res.status} for ${g.describe}\n${body.slice(0, 500)}`);
      if (res.status === 400 || res.status === 413 || res.status === 415) {
        const parsed = JSON.parse(body) as { detail?: unknown };
        if (typeof parsed.detail !== "string")
          throw new Error(`no detail for ${g.describe}: ${body.slice(0, 300)}`);
      }
    };

    for (const route of ROUTES) for (const g of hostileSweep(route, token)) await check(g);
    for (const [n, route] of ROUTES.entries()) {
      const numRuns = Math.max(10, Math.round(RUNS * (route.weight ?? 1)));
      await fc.assert(fc.asyncProperty(requestFor(route, token), check), {
        numRuns,
        seed: SEED + n,
        endOnFailure: true,
      });
    }
    await fc.assert(fc.asyncProperty(uploadRequest(token), check), {
      numRuns: Math.round(RUNS / 2),
      seed: SEED + ROUTES.length,
      endOnFailure: true,
    });

    const seconds = (Date.now() - started) / 1000;
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([k, v]) => `${k}: ${v}`);
    process.stdout.write(
      `fuzz: ${sent} requests over ${ROUTES.length + 1} routes in ${seconds.toFixed(1)} s (${byStatus.join(", ")})\n`,
    );
    expect(sent).toBeGreaterThan(ROUTES.length * 10);

    const after = await seededRows(t, ids);
    expect(differences(before, after)).toEqual([]);
    expect(checksum(after)).toBe(checksum(before));
    const errors = t.logs.filter((l) => l.includes('"level":"error"'));
    expect(errors).toEqual([]);
    expect(t.logs.filter((l) => l.includes(MARK))).toEqual([]);
    // The admin token still works: no fuzzed request signed it out.
    expect(
      (await t.app.request("/api/admin/settings", { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
  }, 600_000);
});
