import { formatDateAU } from "../../lib/dates";
import { MEDICAL_QUESTIONS } from "../../lib/medical";
import { FieldError, Section } from "./fields";

/**
 * The diving medical questionnaire of a participant's form. The saved answers
 * are never sent back to the page (only when they were given): the customer
 * answers again to change them.
 */
export function MedicalQuestions({
  clearanceHref,
  answeredAt,
  errors,
  posted,
  retentionDays,
}: {
  /** Where the page says how to send a doctor's clearance. */
  clearanceHref?: string;
  answeredAt: string | null;
  errors: Record<string, string>;
  /** What the refused post chose, to show it again. */
  posted: Record<string, string> | undefined;
  retentionDays: number;
}) {
  return (
    <Section
      title="Medical questionnaire"
      hint={`Answer each question for this person. A “yes” does not rule out diving: it means a doctor must clear them for diving before the trip. Only our instructor sees the answers, and we delete them ${retentionDays} days after the trip.`}
      testId="medical"
    >
      {answeredAt ? (
        <p className="rounded-xl bg-reef-50 p-3 text-sm text-slate-700" data-testid="medical-answered">
          Answered on {formatDateAU(answeredAt.slice(0, 10))}. Leave these blank to keep those answers, or
          answer every question again if anything has changed.
        </p>
      ) : null}
      {errors.medical_answers ? (
        <FieldError id="p-medical_answers-error" message={errors.medical_answers} />
      ) : null}
      <ol className="space-y-4">
        {MEDICAL_QUESTIONS.map((q, i) => {
          const key = `medical_${q.id}`;
          const error = errors[`medical_answers.${q.id}`];
          const chosen = posted?.[key] ?? "";
          return (
            <li key={q.id}>
              <fieldset
                id={`medical-${q.id}`}
                aria-describedby={error ? `medical-${q.id}-error` : undefined}
                className={`rounded-xl border p-3 ${error ? "border-coral-600" : "border-slate-200"}`}
              >
                <legend className="sr-only">Question {i + 1}</legend>
                <p className="text-sm text-slate-800">
                  <span className="font-semibold">{i + 1}.</span> {q.text}
                </p>
                <div className="mt-2 flex gap-6">
                  {(["no", "yes"] as const).map((answer) => (
                    <label
                      key={answer}
                      className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium"
                    >
                      <input
                        type="radio"
                        name={key}
                        value={answer}
                        defaultChecked={chosen === answer}
                        className="size-5 accent-reef-600"
                      />
                      {answer === "yes" ? "Yes" : "No"}
                    </label>
                  ))}
                </div>
                {error ? <FieldError id={`medical-${q.id}-error`} message={error} /> : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {clearanceHref ? (
        <p className="text-sm text-slate-700" data-testid="clearance-how">
          Any “yes”? Save these answers, then{" "}
          <a href={clearanceHref} className="font-medium text-reef-700 underline">
            send us the doctor's clearance
          </a>{" "}
          (upload it on this page, or email it).
        </p>
      ) : null}
    </Section>
  );
}
