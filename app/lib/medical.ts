/**
 * The medical questionnaire for anything with diving: yes/no statements
 * modelled on the recreational diver medical statements used in Australia,
 * in our own words. Any "yes" means a doctor must clear the participant for
 * diving before the trip; the operator records the clearance as received.
 *
 * Each question keeps its id for good: stored answers name it. A question
 * reworded in the same sense keeps its id; a new question gets a new one.
 */
export interface MedicalQuestion {
  id: string;
  text: string;
}

export const MEDICAL_QUESTIONS: readonly MedicalQuestion[] = [
  {
    id: "lungs",
    text: "Have you ever had asthma, wheezing, a collapsed lung or any other lung or chest condition?",
  },
  {
    id: "heart",
    text: "Do you have, or have you had, heart disease, a heart attack, heart surgery or high blood pressure?",
  },
  {
    id: "ears_sinuses",
    text: "Do you often have trouble with your ears or sinuses, or have you had ear surgery or a burst eardrum?",
  },
  {
    id: "blackouts",
    text: "Have you ever had fits, seizures, blackouts or fainting spells, or do you have epilepsy?",
  },
  { id: "diabetes", text: "Do you have diabetes?" },
  {
    id: "recent_surgery",
    text: "Have you had surgery, a serious injury or a hospital stay in the last 12 months?",
  },
  {
    id: "medication",
    text: "Do you take any prescription medicine (other than contraception) or medicine that makes you drowsy?",
  },
  {
    id: "head_injury",
    text: "Have you ever had a head injury with loss of consciousness, or a stroke?",
  },
  {
    id: "mental_health",
    text: "Do you have, or have you had, panic attacks, a fear of closed or open spaces, or another condition that affects your judgement under stress?",
  },
  {
    id: "decompression",
    text: "Have you ever had decompression illness or been treated in a recompression chamber?",
  },
  {
    id: "fitness",
    text: "Do you find it hard to walk 400 m or climb two flights of stairs without stopping, or could you be pregnant?",
  },
  {
    id: "other",
    text: "Is there any other medical condition a doctor has told you could make diving unsafe for you?",
  },
];

export const MEDICAL_QUESTION_IDS = MEDICAL_QUESTIONS.map((q) => q.id);

/** A complete set of answers: question id -> yes (true) / no (false). */
export type MedicalAnswers = Record<string, boolean>;

/** Any "yes" needs a doctor's clearance before diving. */
export function needsClearance(answers: MedicalAnswers): boolean {
  return MEDICAL_QUESTION_IDS.some((id) => answers[id] === true);
}

/** Whether two sets of answers say the same thing (a re-save of the same answers is not a new statement). */
export function sameAnswers(a: MedicalAnswers | null, b: MedicalAnswers | null): boolean {
  if (!a || !b) return a === b;
  return MEDICAL_QUESTION_IDS.every((id) => a[id] === b[id]);
}

/**
 * The doctor's clearance a diver sends from their form: a scan or photo
 * (JPEG, PNG, WebP, or HEIC where this server can convert it) or a PDF, at
 * most this size, typed by its bytes on the server (never by its name).
 */
export const CLEARANCE_FILE_MAX_MB = 10;

/** The types taken, as the server detects them from the bytes. */
export const CLEARANCE_FILE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
  "application/pdf",
] as const;

/** The file input's `accept` (a hint for the picker; the server decides). */
export const CLEARANCE_FILE_ACCEPT = `${CLEARANCE_FILE_TYPES.join(",")},.heic,.pdf`;

/** Whether a detected type may be sent as a doctor's clearance. */
export function clearanceFileAccepted(mime: string): boolean {
  return (CLEARANCE_FILE_TYPES as readonly string[]).includes(mime);
}

/** The upload form's intent: its answer is shown by that form, not by the details form beside it. */
export const CLEARANCE_INTENT = "clearance";

export const CLEARANCE_FILE_MESSAGE = `Choose the doctor's clearance as a PDF or a JPEG, PNG, WebP or HEIC picture, up to ${CLEARANCE_FILE_MAX_MB} MB`;

/** "PDF, 120 KB": what the customer and the operator read about a received file. */
export function clearanceFileText(mime: string, bytes: number): string {
  const kind = mime === "application/pdf" ? "PDF" : "picture";
  const size =
    bytes >= 1024 * 1024
      ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${kind}, ${size}`;
}
