/**
 * Who the person is and whom to call: the sections every adventure asks for.
 * On the person's own link their email is where their link goes, so it is
 * shown, not edited.
 */
import type { ParticipantFormData } from "../../../server/domain/dive-ops/participant-views.server";
import { categoryAgeHint, categoryBirthDateLimits } from "../../lib/price-categories";
import { latestBirthDate } from "../../lib/readiness";
import { Section, type SectionFields, TextField } from "./fields";

export function PersonSections({
  form,
  self,
  value,
  errors,
}: SectionFields & { form: ParticipantFormData; self: boolean }) {
  return (
    <>
      <Section title="About this person">
        <TextField
          name="full_name"
          label="Full name"
          value={value("full_name")}
          errors={errors}
          required
          autoComplete="name"
          maxLength={100}
        />
        <TextField
          name="date_of_birth"
          label="Date of birth"
          type="date"
          value={value("date_of_birth")}
          errors={errors}
          {...(form.category
            ? {
                hint: categoryAgeHint(form.category),
                ...categoryBirthDateLimits(form.category, form.tripDate, form.minimumAge),
              }
            : {
                hint: `At least ${form.minimumAge} years old on the trip date.`,
                max: latestBirthDate(form.tripDate, form.minimumAge),
              })}
        />
        {self ? (
          <p className="text-sm text-slate-600" data-testid="own-email">
            Your links come to <strong className="break-all">{form.values.email}</strong>.
          </p>
        ) : (
          <TextField
            name="email"
            label="Email"
            optional
            type="email"
            value={value("email")}
            errors={errors}
            autoComplete="email"
            maxLength={254}
            hint="With an email, this person gets their own link to their details before the trip."
          />
        )}
      </Section>

      <Section title="Emergency contact" hint="Someone not on the trip whom we can call if anything happens.">
        <TextField
          name="emergency_contact_name"
          label="Name"
          value={value("emergency_contact_name")}
          errors={errors}
          maxLength={100}
        />
        <TextField
          name="emergency_contact_phone"
          label="Phone"
          type="tel"
          value={value("emergency_contact_phone")}
          errors={errors}
          maxLength={40}
        />
      </Section>
    </>
  );
}
