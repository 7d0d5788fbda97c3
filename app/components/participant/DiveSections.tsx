/**
 * What a dive asks of a person beyond who they are: the gear sizes that let
 * the crew bring what fits, and, for dives for certified divers only, the
 * card the crew checks before the trip.
 */
import { CERT_AGENCIES, FIN_SIZES, HEIGHT_CM, WEIGHT_KG, WETSUIT_SIZES } from "../../lib/participants";
import { Section, type SectionFields, SelectField, TextField } from "./fields";

export function GearSection({ value, errors }: SectionFields) {
  return (
    <Section title="Gear" hint="So we bring a wetsuit, weights and fins that fit.">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="height_cm"
          label="Height (cm)"
          inputMode="numeric"
          value={value("height_cm")}
          errors={errors}
          hint={`${HEIGHT_CM.min} to ${HEIGHT_CM.max}`}
        />
        <TextField
          name="weight_kg"
          label="Weight (kg)"
          inputMode="numeric"
          value={value("weight_kg")}
          errors={errors}
          hint={`${WEIGHT_KG.min} to ${WEIGHT_KG.max}`}
        />
        <SelectField
          name="wetsuit_size"
          label="Wetsuit size"
          value={value("wetsuit_size")}
          errors={errors}
          options={WETSUIT_SIZES.map((s) => ({ value: s, label: s }))}
        />
        <SelectField
          name="fin_size"
          label="Fin size"
          value={value("fin_size")}
          errors={errors}
          options={[...FIN_SIZES]}
        />
      </div>
    </Section>
  );
}

export function CertificationSection({ value, errors }: SectionFields) {
  return (
    <Section
      title="Certification"
      hint="This dive is for certified divers: we check your card or your agency's record before the trip."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          name="cert_agency"
          label="Agency"
          value={value("cert_agency")}
          errors={errors}
          options={CERT_AGENCIES.map((s) => ({ value: s, label: s }))}
        />
        <TextField
          name="cert_level"
          label="Level"
          value={value("cert_level")}
          errors={errors}
          hint="For example Open Water Diver"
          maxLength={60}
        />
        <TextField
          name="cert_number"
          label="Certification number"
          value={value("cert_number")}
          errors={errors}
          maxLength={40}
        />
        <TextField
          name="last_dive_date"
          label="Date of your last dive"
          type="date"
          value={value("last_dive_date")}
          errors={errors}
        />
      </div>
    </Section>
  );
}
