import { readFileSync } from "node:fs";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical";
import { expect, type Page, test } from "../fixtures/test";
import {
  addDays,
  adminToken,
  bearer,
  cancelBooking,
  createBooking,
  openDates,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { payWithTestCard } from "../helpers/test-checkout";

/**
 * From a paid booking to the boat: a group of two fills in its details from
 * the booking's private link (an experienced certified diver, and a newly
 * certified one who answers "yes" to a medical question); the booking goes
 * from "details missing" to "medical clearance needed" (on the group's page:
 * "waiting for the operator"), and to "ready" once
 * the operator has checked both certifications and recorded the doctor's
 * clearance on the booking's participants screen; the trip-day manifest then shows both people at a phone's width
 * and on paper, and its CSV holds both.
 */
const ADVENTURE = "guided-shore-dive"; // for certified divers: certifications are checked by the operator
const PHONE = { width: 375, height: 740 };

interface Person {
  name: string;
  dateOfBirth: string;
  agency: string;
  level: string;
  number: string;
  /** The questions answered "yes"; every other is "no". */
  medicalYes: string[];
}

const DIVER: Person = {
  name: "Olivia Walker",
  dateOfBirth: "1984-07-09",
  agency: "PADI",
  level: "Advanced Open Water",
  number: "PADI-4471902",
  medicalYes: [],
};
const NEW_DIVER: Person = {
  name: "Leo Walker",
  dateOfBirth: "2001-02-17",
  agency: "SSI",
  level: "Open Water Diver",
  number: "SSI-88310",
  medicalYes: ["ears_sinuses"],
};

/** The customer fills in one person's form from the booking's private link and saves it. */
async function fillIn(page: Page, manageUrl: string, position: number, person: Person) {
  await page.goto(`${manageUrl}/participants/${position}`);
  await page.getByLabel("Full name", { exact: true }).fill(person.name);
  await page.getByLabel("Date of birth").fill(person.dateOfBirth);
  await page.getByLabel("Name", { exact: true }).fill("Grace Walker");
  await page.getByLabel("Phone", { exact: true }).fill("0400 987 654");
  await page.getByLabel("Height (cm)").fill("176");
  await page.getByLabel("Weight (kg)").fill("74");
  await page.getByLabel("Wetsuit size").selectOption("M");
  await page.getByLabel("Fin size").selectOption("L");
  await page.getByLabel("Agency").selectOption(person.agency);
  await page.getByLabel("Level").fill(person.level);
  await page.getByLabel("Certification number").fill(person.number);
  await page.getByLabel("Date of your last dive").fill(addDays(sydneyToday(), -40));
  for (const id of MEDICAL_QUESTION_IDS) {
    await page
      .locator(`#medical-${id}`)
      .getByLabel(person.medicalYes.includes(id) ? "Yes" : "No", { exact: true })
      .check();
  }
  await page.getByLabel("To accept, type this person's full name").fill(person.name);
  await page.getByRole("button", { name: "Save details" }).click();
  await page.waitForURL(new RegExp(`${new URL(manageUrl).pathname}\\?participant=${position}$`));
  await expect(page.getByTestId("participant-saved")).toContainText(`Saved the details of ${person.name}.`);
}

test.use({ viewport: PHONE });

test("a group completes its details, the operator clears it, and the manifest shows both", async ({
  page,
}) => {
  // Payment, two forms, the operator's screen, the manifest, print and a download: one journey.
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  const date = (await openDates(page.request, ADVENTURE)).find((d) => d.spots_left >= 2)?.date;
  expect(date, "an open date for two").toBeTruthy();
  const booking = await createBooking(page.request, {
    adventureId: ADVENTURE,
    date: date as string,
    email: uniqueEmail("dive-day"),
    groupSize: 2,
    firstName: "Olivia",
  });
  try {
    // Paid, then opened from the success page's manage link.
    await page.goto(new URL(booking.checkout_url).pathname);
    await payWithTestCard(page, "Olivia Walker");
    await page.waitForURL(/\/book\/success\?confirmed=true/);
    await page.getByTestId("manage-link").click();
    await page.waitForURL(/\/my-booking\/[A-Za-z0-9_-]{43}$/);
    const manageUrl = page.url();
    await expect(page.getByTestId("booking-readiness")).toHaveText("Details missing");

    await fillIn(page, manageUrl, 1, DIVER);
    await expect(page.getByTestId("participant-1-readiness")).toHaveText("Complete");
    await expect(page.getByTestId("booking-readiness")).toHaveText("Details missing");

    await fillIn(page, manageUrl, 2, NEW_DIVER);
    // The group's page: waiting for the operator, never whose clearance (the operator's screens say).
    await expect(page.getByTestId("participant-2-readiness")).toHaveText("Complete");
    await expect(page.getByTestId("booking-readiness")).toHaveText("Waiting for the operator");
    await expectNoSidewaysScroll(page);

    // The operator, on the phone: checks both cards, then records the doctor's clearance.
    const readiness = async () => {
      const res = await page.request.get(`/api/admin/bookings/${booking.booking_id}/participants`, {
        headers: bearer(token),
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { readiness: { status: string } }).readiness.status;
    };
    await signIn(page, token);
    await page.goto(
      `/admin/bookings?${new URLSearchParams({ q: booking.reference, booking: booking.booking_id })}`,
    );
    const people = page.getByTestId("booking-participants");
    for (const position of [1, 2]) {
      const person = people.getByTestId(`admin-participant-${position}`);
      await person.getByRole("button", { name: "Certification checked" }).click();
      await expect(person.getByRole("button", { name: "Certification checked" })).toHaveCount(0);
    }
    expect(await readiness()).toBe("medical_clearance_needed");
    const second = people.getByTestId("admin-participant-2");
    await second.getByRole("button", { name: "Record medical clearance" }).click();
    await expect(second.getByRole("button", { name: "Record medical clearance" })).toHaveCount(0);
    expect(await readiness()).toBe("ready");

    // The customer sees the group ready.
    await page.goto(manageUrl);
    await expect(page.getByTestId("booking-readiness")).toHaveText("Ready");

    // The manifest of the day, on the phone.
    await page.goto(`/admin/manifest?date=${date}`);
    const card = page.getByRole("article", { name: `Booking ${booking.reference}` });
    await expect(card.getByTestId("manifest-participant")).toHaveCount(2);
    const [diver, newDiver] = [
      card.getByTestId("manifest-participant").nth(0),
      card.getByTestId("manifest-participant").nth(1),
    ];
    await expect(diver).toContainText(`${DIVER.name}, `);
    await expect(diver).toContainText("Ready");
    await expect(diver).toContainText(`PADI Advanced Open Water, No. ${DIVER.number}`);
    await expect(diver).toContainText("· checked");
    await expect(diver).toContainText("No medical issues");
    await expect(newDiver).toContainText(`${NEW_DIVER.name}, `);
    await expect(newDiver).toContainText("Ready");
    await expect(newDiver).toContainText("Clearance received");
    await expect(newDiver).toContainText("Height 176 cm · Weight 74 kg · Wetsuit M · Fins L");
    await expect(newDiver).toContainText("Grace Walker · 0400 987 654");
    // Only the status: the sheet never says which question was answered "yes".
    await expect(card).not.toContainText(/sinus|ears/i);
    await expectNoSidewaysScroll(page);

    // On paper.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await expect(card).toBeHidden();
    const table = page.getByRole("table", { name: /Guided Shore Dive/ });
    const rows = table.locator("tbody", { hasText: booking.reference }).locator("tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(DIVER.name);
    await expect(rows.nth(1)).toContainText("No medical issues");
    await expect(rows.nth(2)).toContainText(NEW_DIVER.name);
    await expect(rows.nth(2)).toContainText("Clearance received");
    await page.emulateMedia({ media: "screen" });

    // As CSV.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const csv = readFileSync((await (await downloading).path()) as string, "utf8");
    const records = csv.split("\r\n").filter((line) => line.includes(booking.reference));
    expect(records).toHaveLength(2);
    expect(records[0]).toContain(`,1,${DIVER.name},`);
    expect(records[0]).toContain(`,PADI,Advanced Open Water,${DIVER.number},`);
    expect(records[0]).toContain(",ready,");
    expect(records[1]).toContain(`,2,${NEW_DIVER.name},`);
    expect(records[1]).toContain(",clearance received,");
    expect(csv).not.toMatch(/sinus|ears/i);
  } finally {
    await cancelBooking(page.request, token, booking.booking_id);
  }
});
