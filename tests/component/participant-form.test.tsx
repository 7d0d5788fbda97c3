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
  clearance: null,
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

let waiverMinor: boolean | null = null;
/** The same form with a waiver to accept, for a person whose age on the trip date is `waiverMinor`. */
function FormWithWaiver() {
  const withWaiver: ParticipantFormData = {
    ...form,
    minor: waiverMinor,
    waiver: { version: 1, title: "Release of liability", body: "I take part at my own risk." },
  };
  return <ParticipantForm form={withWaiver} retentionDays={90} backHref="/" saved={false} />;
}
const WaiverStub = createRoutesStub([{ path: "/", Component: FormWithWaiver }]);

function renderWithWaiver(minor: boolean | null) {
  waiverMinor = minor;
  render(<WaiverStub initialEntries={["/"]} />);
  return page.getByTestId("waiver");
}

test("an adult signs with their own name: no guardian field, and signing is never called optional", async () => {
  const waiver = renderWithWaiver(false);
  const name = waiver.getByLabelText("To accept, type this person's full name");
  await expect.element(name).toBeVisible();
  expect(name.element().getAttribute("aria-required")).toBeNull();
  expect(waiver.getByLabelText(/guardian/).elements()).toHaveLength(0);
  expect(waiver.element().textContent).not.toMatch(/optional/i);
});

test("for a minor the guardian's name is the one field, marked required", async () => {
  const waiver = renderWithWaiver(true);
  const guardian = waiver.getByLabelText("Parent or guardian's full name (required for under 18s)");
  await expect.element(guardian).toBeVisible();
  await expect.element(guardian).toHaveAttribute("aria-required", "true");
  expect(waiver.getByLabelText(/type this person's full name/).elements()).toHaveLength(0);
  expect(waiver.element().textContent).not.toMatch(/optional/i);
});

test("the date of birth as typed decides who signs", async () => {
  const waiver = renderWithWaiver(null);
  // Not known yet: both, and the guardian's is not marked required.
  await expect.element(waiver.getByLabelText("To accept, type this person's full name")).toBeVisible();
  const guardian = waiver.getByLabelText("Parent or guardian's full name");
  await expect.element(guardian).toBeVisible();
  expect(guardian.element().getAttribute("aria-required")).toBeNull();
  expect(waiver.element().textContent).not.toMatch(/optional|required/i);

  // 30 on the trip date (3 March 2031): an adult.
  await page.getByLabelText("Date of birth").fill("2001-01-01");
  await expect.element(waiver.getByLabelText(/guardian/)).not.toBeInTheDocument();
  await expect.element(waiver.getByLabelText("To accept, type this person's full name")).toBeVisible();

  // 15 on the trip date: a parent or guardian signs.
  await page.getByLabelText("Date of birth").fill("2016-01-01");
  await expect
    .element(waiver.getByLabelText("Parent or guardian's full name (required for under 18s)"))
    .toHaveAttribute("aria-required", "true");
  await expect.element(waiver.getByLabelText(/type this person's full name/)).not.toBeInTheDocument();
});
