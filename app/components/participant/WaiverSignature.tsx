/**
 * Who signs the waiver, as `waiverSigner` (app/lib/participants.ts) decides
 * it: an adult types their own name, a parent or guardian types theirs for
 * anyone under 18 on the trip date. Signing is how the waiver is accepted, so
 * neither field is called optional; the guardian's is required only for a
 * minor. With the date of birth unknown both show, the guardian's for minors.
 */
import { TextField } from "./fields";

export function WaiverSignature({
  minor,
  values,
  errors,
}: {
  /** Under 18 on the trip date; null while the date of birth is unknown. */
  minor: boolean | null;
  values?: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <>
      {minor !== true ? (
        <TextField
          name="waiver_name"
          label="To accept, type this person's full name"
          value={values?.waiver_name ?? ""}
          errors={errors}
          autoComplete="off"
          maxLength={100}
          hint="Typing the name is signing: it must match the full name above."
        />
      ) : null}
      {minor !== false ? (
        <TextField
          name="waiver_guardian_name"
          label="Parent or guardian's full name"
          value={values?.waiver_guardian_name ?? ""}
          errors={errors}
          requiredMark={minor === true ? "required for under 18s" : undefined}
          autoComplete="off"
          maxLength={100}
          hint={
            minor === true
              ? "Under 18 on the trip date: a parent or guardian accepts the waiver by typing their own name."
              : "Only for a participant under 18 on the trip date: a parent or guardian accepts the waiver by typing their own name."
          }
        />
      ) : null}
    </>
  );
}
