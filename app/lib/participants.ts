/**
 * One participant's details, as the customer's form and the operator's API
 * send them: one schema for both, with the rules that depend on the booking
 * (the trip date, the adventure) given as its context. Every message names
 * its field.
 */
import { isIsoDate } from "./dates.ts";
import { MEDICAL_QUESTION_IDS, type MedicalAnswers } from "./medical.ts";
import { categoryAgeError, type PriceCategory } from "./price-categories.ts";
import { ageOn, isDivingAdventure, isMinorOn, minimumAge, type ReadinessAdventure } from "./readiness.ts";
import { emailField } from "./validation.ts";
import { z } from "./zod.ts";

export const WETSUIT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
/** Fins go by shoe size. */
export const FIN_SIZES = [
  { value: "XS", label: "XS (EU 35-37)" },
  { value: "S", label: "S (EU 38-39)" },
  { value: "M", label: "M (EU 40-42)" },
  { value: "L", label: "L (EU 43-44)" },
  { value: "XL", label: "XL (EU 45-47)" },
] as const;
export const CERT_AGENCIES = ["PADI", "SSI", "NAUI", "SDI", "RAID", "CMAS", "Other"] as const;

/** The ranges the participants table enforces (participants_height, participants_weight). */
export const HEIGHT_CM = { min: 50, max: 250 } as const;
export const WEIGHT_KG = { min: 10, max: 250 } as const;
/** Older than this is a typing mistake. */
const MAX_AGE = 110;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, `${label} must be a single line of text`)
    .optional()
    .default("");

const oneOf = <T extends string>(label: string, values: readonly T[]) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((v) => v === "" || (values as readonly string[]).includes(v), {
      message: `${label}: choose one of ${values.join(", ")}`,
    })
    .optional()
    .default("");

/** "" or null: not given. A number or digits: whole numbers in the range. */
const wholeNumber = (label: string, range: { min: number; max: number }, unit: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v, ctx): number | null => {
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return null;
      const n = typeof v === "number" ? v : /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < range.min || n > range.max) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a whole number from ${range.min} to ${range.max} ${unit}`,
        });
        return z.NEVER;
      }
      return n;
    });

const optionalDate = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a date` })
    .optional()
    .transform((v, ctx): string | null => {
      const s = (v ?? "").trim();
      if (s === "") return null;
      if (!isIsoDate(s)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a date (YYYY-MM-DD)` });
        return z.NEVER;
      }
      return s;
    });

const medicalAnswers = z
  .record(z.string(), z.boolean({ error: "Answer yes or no" }), {
    error: "Medical answers must be an object of question id to yes (true) or no (false)",
  })
  .superRefine((answers, ctx) => {
    for (const key of Object.keys(answers)) {
      if (!MEDICAL_QUESTION_IDS.includes(key))
        ctx.addIssue({ code: "custom", path: [key], message: "Not a question of the questionnaire" });
    }
    for (const id of MEDICAL_QUESTION_IDS) {
      if (typeof answers[id] !== "boolean")
        ctx.addIssue({ code: "custom", path: [id], message: "Answer yes or no" });
    }
  });

const fields = z.object({
  full_name: z
    .string({ error: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(100, "Full name must be at most 100 characters")
    .regex(/^[^\p{Cc}]*$/u, "Full name must be a single line of text"),
  date_of_birth: optionalDate("Date of birth"),
  email: z
    .union([z.literal(""), emailField], { error: "Enter a valid email address" })
    .optional()
    .default(""),
  emergency_contact_name: text("Emergency contact name", 100),
  emergency_contact_phone: z
    .string({ error: "Emergency contact phone must be text" })
    .trim()
    .max(40, "Emergency contact phone must be at most 40 characters")
    .regex(/^[0-9+()\-.\s]*$/, "Emergency contact phone may contain only digits, spaces and + ( ) - .")
    .optional()
    .default(""),
  height_cm: wholeNumber("Height", HEIGHT_CM, "cm"),
  weight_kg: wholeNumber("Weight", WEIGHT_KG, "kg"),
  wetsuit_size: oneOf("Wetsuit size", WETSUIT_SIZES),
  fin_size: oneOf(
    "Fin size",
    FIN_SIZES.map((f) => f.value),
  ),
  cert_agency: oneOf("Certification agency", CERT_AGENCIES),
  cert_level: text("Certification level", 60),
  cert_number: text("Certification number", 40),
  last_dive_date: optionalDate("Last dive date"),
  /** Absent: the answers stay as they are. */
  medical_answers: medicalAnswers.optional(),
});

/** What the rules that depend on the booking need. */
/** The participant's fields a form posts as text, in the order the forms show them. */
export const PARTICIPANT_TEXT_FIELDS = [
  "full_name",
  "date_of_birth",
  "email",
  "emergency_contact_name",
  "emergency_contact_phone",
  "height_cm",
  "weight_kg",
  "wetsuit_size",
  "fin_size",
  "cert_agency",
  "cert_level",
  "cert_number",
  "last_dive_date",
] as const;
export type ParticipantTextField = (typeof PARTICIPANT_TEXT_FIELDS)[number];

export interface ParticipantContext {
  adventure: ReadinessAdventure;
  /** The trip's first day, YYYY-MM-DD. */
  tripDate: string;
  /** Today in Sydney, YYYY-MM-DD. */
  today: string;
  /** The price category the person was booked in, when the booking has categories: their age must fit it. */
  category?: Pick<PriceCategory, "name" | "age_min" | "age_max"> | null;
}

/**
 * The details of one participant. Dates of birth must give at least the
 * adventure's minimum age on the trip date; certification only for
 * adventures that require it; medical answers only for diving ones.
 */
export function participantSchema(context: ParticipantContext) {
  const { adventure, tripDate, today } = context;
  return fields.superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.date_of_birth) {
      const age = ageOn(v.date_of_birth, tripDate);
      const least = minimumAge(adventure);
      if (v.date_of_birth > today) issue("date_of_birth", "Date of birth cannot be in the future");
      else if (age > MAX_AGE) issue("date_of_birth", "Date of birth: check the year");
      else if (age < least)
        issue("date_of_birth", `Date of birth: participants must be at least ${least} on the trip date`);
      else {
        const mismatch = context.category && categoryAgeError(context.category, v.date_of_birth, tripDate);
        if (mismatch) issue("date_of_birth", `Date of birth: ${mismatch}`);
      }
    }
    if (v.last_dive_date) {
      if (v.last_dive_date > today) issue("last_dive_date", "Last dive date cannot be in the future");
      else if (v.date_of_birth && v.last_dive_date < v.date_of_birth)
        issue("last_dive_date", "Last dive date cannot be before the date of birth");
    }
    if (!adventure.requiresCertification) {
      for (const key of ["cert_agency", "cert_level", "cert_number", "last_dive_date"] as const) {
        if (v[key])
          issue(key, "Certification is only asked for adventures that require it: leave this empty");
      }
    }
    if (!isDivingAdventure(adventure) && v.medical_answers !== undefined) {
      issue("medical_answers", "Medical answers are only asked for adventures with diving");
    }
  });
}

export type ParticipantInput = z.output<typeof fields>;

/** The waiver acceptance a participant's form may carry: the version read and the typed name(s). */
export const waiverAcceptanceSchema = z.object({
  waiver_version: z.coerce
    .number({ error: "Waiver version must be a number" })
    .int("Waiver version must be a whole number")
    .min(1, "Waiver version must be at least 1"),
  waiver_name: text("Your name", 100),
  waiver_guardian_name: text("Guardian's name", 100),
});
export type WaiverAcceptanceInput = z.output<typeof waiverAcceptanceSchema>;

/** Names compared as people type them: case, spacing and accents' composition aside. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize("NFKC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-AU");
  return norm(a) !== "" && norm(a) === norm(b);
}

/**
 * Who signs the waiver: an adult types their own name as given in the
 * details; for a participant under 18 on the trip date a parent or guardian
 * types theirs, which must not be the participant's. Answers the field and
 * message of the first problem, or the names to store.
 */
export function waiverSigner(
  participant: { fullName: string; dateOfBirth: string | null },
  tripDate: string,
  typed: { name: string; guardianName: string },
):
  | { ok: true; signedName: string; guardianName: string | null }
  | { ok: false; field: string; message: string } {
  if (!participant.dateOfBirth) {
    return {
      ok: false,
      field: "date_of_birth",
      message: "Date of birth is needed before the waiver can be accepted",
    };
  }
  if (isMinorOn(participant.dateOfBirth, tripDate)) {
    const guardian = typed.guardianName.trim();
    if (!guardian)
      return {
        ok: false,
        field: "waiver_guardian_name",
        message: "Guardian's name: a parent or guardian accepts the waiver for a participant under 18",
      };
    if (sameName(guardian, participant.fullName))
      return {
        ok: false,
        field: "waiver_guardian_name",
        message: "Guardian's name must be the parent's or guardian's own name, not the participant's",
      };
    return { ok: true, signedName: guardian, guardianName: guardian };
  }
  if (!sameName(typed.name, participant.fullName))
    return {
      ok: false,
      field: "waiver_name",
      message: `Your name: type the participant's full name exactly as above (${participant.fullName})`,
    };
  return { ok: true, signedName: typed.name.trim(), guardianName: null };
}

/** The form's answers (medical_<id> = "yes" | "no") as the API's medical_answers; undefined when none given. */
export function medicalAnswersFromForm(get: (key: string) => string): MedicalAnswers | undefined {
  const given = MEDICAL_QUESTION_IDS.filter((id) => get(`medical_${id}`) !== "");
  if (given.length === 0) return undefined;
  const out: MedicalAnswers = {};
  for (const id of MEDICAL_QUESTION_IDS) {
    const v = get(`medical_${id}`);
    // A question left unanswered stays missing, so the schema names it.
    if (v === "yes" || v === "no") out[id] = v === "yes";
  }
  return out;
}

/** The operator's waiver text: saved as the next version of the one it was based on (null for the first). */
export const waiverSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be at most 200 characters"),
  body: z
    .string({ error: "Text is required" })
    .trim()
    .min(1, "Text is required")
    .max(20_000, "Text must be at most 20000 characters"),
  based_on: z
    .number({ error: "Based on must be the version number shown, or null" })
    .int("Based on must be a whole number")
    .min(1, "Based on must be at least 1")
    .nullable(),
});
export type WaiverInput = z.infer<typeof waiverSchema>;
