/**
 * A customer's review from their booking's private link: one per booking,
 * written only once the trip has happened, waiting as "pending" until the
 * operator approves it (testimonials.server.ts holds what the public sees).
 * The adventure, its type and location come from the booking, never from the
 * form. The photo goes through the media pipeline (busboy with streaming
 * limits, typed by its bytes, re-encoded as WebP).
 */
import { mkdir, rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { sydneyDate } from "../../../app/lib/dates.ts";
import { postedText } from "../../../app/lib/form-post.ts";
import { REVIEW_PHOTO_MAX_MB, type ReviewInput, reviewSchema } from "../../../app/lib/validation.ts";
import { type BookingRow, testimonials } from "../../db/schema.ts";
import { HttpError } from "../../errors.server.ts";
import { type ReceivedFile, readMultipart } from "../../media/multipart.server.ts";
import { detectType, type Sniffed } from "../../media/sniff.server.ts";
import { removeStoredFiles, storeFile, uploadsDir, uploadTmpDir } from "../../media/store.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { bookingByToken, type LinkedBooking } from "./booking-links.server.ts";

export const REVIEW_FIELDS = ["rating", "content", "customer_name"] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number] | "photo";
export type ReviewValues = Record<(typeof REVIEW_FIELDS)[number], string>;
export type ReviewErrors = Partial<Record<ReviewField, string>>;

export const PHOTO_MESSAGE = "Choose a photo in JPEG, PNG, GIF, WebP or AVIF format";

/**
 * Whether a booking may be reviewed at `at`: a trip that went ahead
 * (confirmed or completed) on a date that has arrived in Sydney.
 */
export type ReviewOpening =
  | { open: true }
  | { open: false; reason: "not_yet"; from: string }
  | { open: false; reason: "not_taken" };

export function reviewOpening(booking: BookingRow, at: Date): ReviewOpening {
  if (booking.bookingStatus !== "confirmed" && booking.bookingStatus !== "completed") {
    return { open: false, reason: "not_taken" };
  }
  if (booking.selectedDate > sydneyDate(at))
    return { open: false, reason: "not_yet", from: booking.selectedDate };
  return { open: true };
}

/** "Mia Nguyen" -> "Mia N.": how a review is signed unless the customer writes otherwise. */
export function shownName(first: string, last: string): string {
  const initial = [...last.trim()][0];
  return initial ? `${first.trim()} ${initial.toUpperCase()}.` : first.trim();
}

/** The review a booking already has, if any. */
export async function reviewOfBooking(db: BookingDeps["db"], bookingId: string) {
  const [row] = await db
    .select({ id: testimonials.id, status: testimonials.status, rating: testimonials.rating })
    .from(testimonials)
    .where(eq(testimonials.bookingId, bookingId))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a pending review for the booking unless it has one; answers which.
 * The unique index on booking_id decides, so parallel submits (two tabs, a
 * double click, two processes) never store two.
 */
export async function saveReview(
  db: BookingDeps["db"],
  linked: LinkedBooking,
  input: ReviewInput,
  image: string,
  at: Date,
): Promise<"created" | "exists"> {
  const [row] = await db
    .insert(testimonials)
    .values({
      customerName: input.customer_name,
      content: input.content,
      rating: input.rating,
      adventureType: linked.adventure.id,
      adventureId: linked.adventure.id,
      location: linked.adventure.location,
      image,
      status: "pending",
      bookingId: linked.booking.id,
      createdAt: at,
    })
    .onConflictDoNothing({ target: testimonials.bookingId })
    .returning({ id: testimonials.id });
  return row ? "created" : "exists";
}

export type ReviewOutcome =
  | { kind: "not_found" }
  /** Not open for reviews, or reviewed already: the page shows which. */
  | { kind: "closed" }
  | { kind: "saved" }
  | { kind: "invalid"; status: number; values: ReviewValues; errors: ReviewErrors };

interface ReadForm {
  values: ReviewValues;
  photo: ReceivedFile | null;
  /** What was wrong with the upload itself (too large, malformed, refused text), by field. */
  problem: { status: number; errors: ReviewErrors } | null;
}

const noValues = () => Object.fromEntries(REVIEW_FIELDS.map((k) => [k, ""])) as ReviewValues;
const isTextField = (key: string): key is (typeof REVIEW_FIELDS)[number] =>
  (REVIEW_FIELDS as readonly string[]).includes(key);

/** The posted form: multipart (with the photo) or plain url-encoded text. */
async function readReviewForm(request: Request, deps: BookingDeps): Promise<ReadForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    return { values: await postedText(request, REVIEW_FIELDS), photo: null, problem: null };
  }
  const maxMb = Math.min(REVIEW_PHOTO_MAX_MB, deps.env.UPLOAD_MAX_MB);
  try {
    const { fields, files } = await readMultipart(request, {
      tmpDir: uploadTmpDir(deps.env.DATA_DIR),
      maxFileBytes: Math.floor(maxMb * 1024 * 1024),
      maxFiles: 1,
      maxFields: 10,
      maxFieldBytes: 16 * 1024,
    });
    const values = noValues();
    for (const key of REVIEW_FIELDS) values[key] = fields[key] ?? "";
    return { values, photo: files[0] ?? null, problem: null };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // The text rule names the field it refused; anything else about the upload is the photo's.
    const [key, message] = Object.entries(error.errors ?? {})[0] ?? ["files", error.message];
    const errors: ReviewErrors = isTextField(key)
      ? { [key]: message }
      : { photo: error.status === 413 ? `The photo must be at most ${maxMb} MB` : message };
    return { values: noValues(), photo: null, problem: { status: error.status, errors } };
  }
}

/**
 * The photo's type when it is an image the pipeline turns into WebP: HEIC is
 * kept undecoded there, and browsers cannot show it.
 */
async function photoType(photo: ReceivedFile): Promise<Sniffed | null> {
  const type = photo.size > 0 ? await detectType(photo.tmpPath) : null;
  return type && type.kind === "image" && type.ext !== "heic" ? type : null;
}

/** First message per field, in the schema's words. */
export function validateReview(values: ReviewValues): { data?: ReviewInput; errors: ReviewErrors } {
  const result = reviewSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: ReviewErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ReviewField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * A review posted to /my-booking/:token/review, from the form to the table.
 * A wrong or revoked token, a trip not yet taken and a booking reviewed
 * already are answered before the photo is processed.
 */
export async function receiveReview(
  deps: BookingDeps,
  token: string,
  request: Request,
): Promise<ReviewOutcome> {
  const form = await readReviewForm(request, deps);
  const cleanup = () => (form.photo ? rm(form.photo.tmpPath, { force: true }) : Promise.resolve());
  try {
    const at = deps.now();
    const linked = await bookingByToken(deps.db, token, at);
    if (!linked) return { kind: "not_found" };
    if (!reviewOpening(linked.booking, at).open) return { kind: "closed" };
    if (await reviewOfBooking(deps.db, linked.booking.id)) return { kind: "closed" };

    const { data, errors } = validateReview(form.values);
    Object.assign(errors, form.problem?.errors);
    const type = form.photo && !errors.photo ? await photoType(form.photo) : null;
    if (form.photo && !errors.photo && !type) errors.photo = PHOTO_MESSAGE;
    if (!data || Object.keys(errors).length > 0) {
      return { kind: "invalid", status: form.problem?.status ?? 400, values: form.values, errors };
    }

    let image = "";
    if (form.photo && type) {
      await mkdir(uploadsDir(deps.env.DATA_DIR), { recursive: true });
      try {
        image = (await storeFile(form.photo, type, deps.env.DATA_DIR)).url;
      } catch (error) {
        deps.log.warn("review photo could not be processed", { type: type.ext, error });
        return { kind: "invalid", status: 400, values: form.values, errors: { photo: PHOTO_MESSAGE } };
      }
    }
    const saved = await saveReview(deps.db, linked, data, image, at);
    if (saved === "exists" && image) await removeStoredFiles(image, deps.env.DATA_DIR);
    if (saved === "created") deps.log.info("review received", { booking: linked.booking.id });
    return saved === "created" ? { kind: "saved" } : { kind: "closed" };
  } finally {
    await cleanup();
  }
}
