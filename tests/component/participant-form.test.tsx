import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { ParticipantForm } from "../../app/components/participant/ParticipantForm";
import type { ParticipantFormData } from "../../server/domain/dive-ops/participant-views.server";

/** One person's form for a dive on 3 March 2031, whose minimum age (the one the server enforces) is 12. */
const form: ParticipantFormData = {
  position: 1,
  groupSize: 2,
  reference: "TW-AGE12",
  adventureTitle: "Discover Scuba Diving",
  tripDate: "2031-03-03",
  status: "confirmed",
  editable: true,
  diving: true,
  requiresCertification: false,
  minimumAge: 12,
  viewer: "group",
  summary: { label: "Details missing", todo: [] },
  values: {
    full_name: "",
    date_of_birth: "",
    email: "",
    emergency_contact_name: "",
    emergency_contact_phone: "",
    height_cm: "",
    weight_kg: "",
    wetsuit_size: "",
    fin_size: "",
    cert_agency: "",
    cert_level: "",
    cert_number: "",
    last_dive_date: "",
  },
  medicalAnsweredAt: null,
  minor: null,
  waiver: null,
  accepted: null,
};

const Stub = createRoutesStub([
  {
    path: "/",
    Component: () => <ParticipantForm form={form} retentionDays={90} backHref="/" saved={false} />,
  },
]);

test("the browser refuses a date of birth younger than the minimum age the form states", async () => {
  render(<Stub initialEntries={["/"]} />);
  const field = page.getByLabelText("Date of birth");
  await expect.element(page.getByText("At least 12 years old on the trip date.")).toBeVisible();
  const input = field.element() as HTMLInputElement;
  // Twelve on the trip date: born on 3 March 2019 at the latest.
  expect(input.max).toBe("2019-03-03");
  await field.fill("2019-03-04");
  expect(input.validity.rangeOverflow).toBe(true);
  expect(input.form?.checkValidity()).toBe(false);
  await field.fill("2019-03-03");
  expect(input.validity.valid).toBe(true);
});
