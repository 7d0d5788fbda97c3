/**
 * The waiver: accepted (by whom, when) while the version accepted is the
 * current one; otherwise its text to read, the version being accepted (posted
 * with the form) and the signature, with a word when a newer version replaced
 * the one accepted.
 */
import { CircleCheck } from "lucide-react";
import type { ParticipantFormData } from "../../../server/domain/dive-ops/participant-views.server";
import { formatDateAU } from "../../lib/dates";
import { Section } from "./fields";
import { WaiverSignature } from "./WaiverSignature";

export function WaiverSection({
  waiver,
  accepted,
  minor,
  values,
  errors,
}: {
  waiver: NonNullable<ParticipantFormData["waiver"]>;
  accepted: ParticipantFormData["accepted"];
  /** Under 18 on the trip date; null while the date of birth is unknown. */
  minor: boolean | null;
  /** What was posted, to fill the signature in again. */
  values?: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <Section title="Waiver" testId="waiver">
      {accepted?.current === true ? (
        <p
          className="flex gap-2 rounded-xl bg-reef-50 p-3 text-sm text-slate-700"
          data-testid="waiver-accepted"
        >
          <CircleCheck aria-hidden className="size-5 shrink-0 text-reef-700" />
          <span>
            Accepted by {accepted.signedName}
            {accepted.guardianName ? " (parent or guardian)" : ""}
            {accepted.at ? ` on ${formatDateAU(accepted.at.slice(0, 10))}` : ""}.
          </span>
        </p>
      ) : (
        <>
          {accepted && !accepted.current ? (
            <p className="text-sm text-slate-700">
              We have updated our waiver since it was accepted: please read and accept the new version.
            </p>
          ) : null}
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
            <h3 className="font-sans text-base font-semibold text-slate-900">{waiver.title}</h3>
            {waiver.body.split(/\n{2,}/).map((para) => (
              <p key={para.slice(0, 40)} className="mt-2 whitespace-pre-line">
                {para}
              </p>
            ))}
          </div>
          <input type="hidden" name="waiver_version" value={waiver.version} />
          <WaiverSignature minor={minor} values={values} errors={errors} />
        </>
      )}
    </Section>
  );
}
