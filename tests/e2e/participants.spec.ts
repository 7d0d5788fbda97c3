import { readFileSync } from "node:fs";
import { MEDICAL_QUESTION_IDS, MEDICAL_QUESTIONS } from "../../app/lib/medical";
import { adminApi, adminToken, adventureFields, createAdventure } from "../fixtures/admin-session";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import {
  addDays,
  bearer,
  cancelBooking,
  createBooking,
  payBooking,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";

/**
 * Participants and readiness, from a paid booking to the boat, as a customer
 * on a phone and the operator in the admin area: a booking of two for a
 * certified dive (an adventure and date of the test's own, booked and paid
 * through the API) is completed from its private link: an experienced diver
 * answering "no" throughout, and a newly certified diver with a medical "yes"
 * (the adventure asks both for their certification). Readiness moves from
 * details missing to waiting for the operator (the group never sees whose
 * clearance, or why), and to ready once the operator checks both
 * certifications and records the clearance; the trip-day manifest then shows
 * both people at a phone's width and on paper, and its CSV holds both. The
 * form also works without JavaScript.
 */
const PHONE = { width: 375, height: 740 };

/** A certified dive of the test's own with one open date far ahead; `cleanup` takes it off the site. */
async function certifiedDive(request: APIRequestContext, token: string, tag: string) {
  const run = `${tag}-${Date.now().toString(36)}`;
  const fields = adventureFields(`Cert Reef ${run}`, `cert-reef-${run}`, {
    base_price: 120,
    requires_certification: true,
  });
  const adventureId = await createAdventure(request, token, fields);
  const date = addDays(sydneyToday(), 40 + Math.floor(Math.random() * 100));
  const slot = await adminApi(request, token, "POST", "/api/admin/availability", {
    adventure_id: adventureId,
    date,
    available_spots: 4,
  });
  expect(slot.status, JSON.stringify(slot.body)).toBe(201);
  const cleanup = async () => {
    await adminApi(request, token, "PUT", `/api/admin/adventures-pro/${adventureId}`, {
      ...fields,
      is_active: false,
      booking_enabled: false,
    });
  };
  return { adventureId, title: fields.title, date, cleanup };
}

/** Books and pays through the API, then opens the private link the success page offers. */
async function bookAndOpenLink(
  page: Page,
  adventureId: string,
  date: string,
  groupSize: number,
  email: string,
) {
  const booking = await createBooking(page.request, {
    adventureId,
    date,
    email,
    groupSize,
    firstName: "Olivia",
  });
  const link = await payBooking(page.request, booking);
  await page.goto(link);
  await expect(page.getByTestId("booking-reference")).toHaveText(booking.reference);
  return { booking, link };
}

interface Person {
  name: string;
  dob: string;
  agency: string;
  level: string;
  number: string;
  lastDive: string;
  /** Question ids answered "yes"; every other is "no". */
  yes: string[];
}

/** Fills one person's form by its fields' names (the no-JavaScript test points at fields by name). */
async function fillPerson(page: Page, p: Person) {
  const field = (name: string) => page.locator(`[name="${name}"]`);
  await field("full_name").fill(p.name);
  await field("date_of_birth").fill(p.dob);
  await field("emergency_contact_name").fill("Jordan Lee");
  await field("emergency_contact_phone").fill("0400 555 123");
  await field("height_cm").fill("172");
  await field("weight_kg").fill("68");
  await field("wetsuit_size").selectOption("M");
  await field("fin_size").selectOption("M");
  await field("cert_agency").selectOption(p.agency);
  await field("cert_level").fill(p.level);
  await field("cert_number").fill(p.number);
  await field("last_dive_date").fill(p.lastDive);
  for (const q of MEDICAL_QUESTIONS) {
    await page
      .locator(`input[name="medical_${q.id}"][value="${p.yes.includes(q.id) ? "yes" : "no"}"]`)
      .check();
  }
  await field("waiver_name").fill(p.name);
}

/** Fills one person's form as a customer reads it, by the fields' labels. */
async function fillPersonByLabel(page: Page, person: Person) {
  await page.getByLabel("Full name", { exact: true }).fill(person.name);
  await page.getByLabel("Date of birth").fill(person.dob);
  await page.getByLabel("Name", { exact: true }).fill("Grace Walker");
  await page.getByLabel("Phone", { exact: true }).fill("0400 987 654");
  await page.getByLabel("Height (cm)").fill("176");
  await page.getByLabel("Weight (kg)").fill("74");
  await page.getByLabel("Wetsuit size").selectOption("M");
  await page.getByLabel("Fin size").selectOption("L");
  await page.getByLabel("Agency").selectOption(person.agency);
  await page.getByLabel("Level").fill(person.level);
  await page.getByLabel("Certification number").fill(person.number);
  await page.getByLabel("Date of your last dive").fill(person.lastDive);
  for (const id of MEDICAL_QUESTION_IDS) {
    await page
      .locator(`#medical-${id}`)
      .getByLabel(person.yes.includes(id) ? "Yes" : "No", { exact: true })
      .check();
  }
  await page.getByLabel("To accept, type this person's full name").fill(person.name);
}

const DIVER: Person = {
  name: "Olivia Walker",
  dob: "1984-07-09",
  agency: "PADI",
  level: "Advanced Open Water",
  number: "PADI-4471902",
  lastDive: addDays(sydneyToday(), -40),
  yes: [],
};
const NEW_DIVER: Person = {
  name: "Leo Walker",
  dob: "2001-02-17",
  agency: "SSI",
  level: "Open Water Diver",
  number: "SSI-88310",
  lastDive: addDays(sydneyToday(), -10),
  yes: ["ears_sinuses"],
};
const YES_QUESTION = MEDICAL_QUESTIONS.find((q) => q.id === "ears_sinuses")?.text ?? "";

test.describe("with JavaScript", () => {
  test.use({ viewport: PHONE });

  test("a group of two moves from details missing to ready through the manage link and the admin", async ({
    page,
    request,
  }) => {
    // Two forms, the admin, the manifest, print and a download: longer than one page's default.
    test.setTimeout(90_000);
    const token = await adminToken(request);
    const dive = await certifiedDive(request, token, "ready");
    let bookingId = "";
    try {
      const { booking, link } = await bookAndOpenLink(
        page,
        dive.adventureId,
        dive.date,
        2,
        uniqueEmail("ready"),
      );
      bookingId = booking.booking_id;
      const section = page.getByTestId("participants");
      await expect(page.getByTestId("booking-readiness")).toHaveText("Details missing");
      await expect(page.getByTestId("participant-1")).toContainText("Add their details");
      await expectNoSidewaysScroll(page);

      // Person 1: an experienced diver, "no" to every question.
      await section.getByRole("link", { name: "Fill in details of Person 1" }).click();
      await expect(page.getByRole("heading", { name: "Medical questionnaire" })).toBeVisible();
      const waiver = await adminApi<{ current: { title: string } }>(
        request,
        token,
        "GET",
        "/api/admin/waiver",
      );
      await expect(page.getByTestId("waiver")).toContainText(waiver.body.current.title);
      await fillPersonByLabel(page, DIVER);
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Save details" }).click();
      await page.waitForURL(`**${link}?participant=1#participants`);
      await expect(page.getByTestId("participant-saved")).toContainText(
        `Saved the details of ${DIVER.name}.`,
      );
      // The message is brought into view and focused once the save has answered.
      await expect(page.getByTestId("participant-saved")).toBeFocused();
      await expect(page.getByTestId("participant-saved")).toBeInViewport();
      await expect(page.getByTestId("participant-1-readiness")).toHaveText("Complete");
      await expect(page.getByTestId("booking-readiness")).toHaveText("Details missing");

      // Person 2: newly certified, with a "yes" that needs a doctor's clearance.
      await section.getByRole("link", { name: "Fill in details of Person 2" }).click();
      await fillPersonByLabel(page, NEW_DIVER);
      await page.getByRole("button", { name: "Save details" }).click();
      await page.waitForURL(`**${link}?participant=2#participants`);
      await expect(page.getByTestId("participant-saved")).toContainText(
        `Saved the details of ${NEW_DIVER.name}.`,
      );
      await expect(page.getByTestId("booking-readiness")).toHaveText("Waiting for the operator");
      await expect(page.getByTestId("participant-2-readiness")).toHaveText("Complete");
      // The group's page never shows an answer, nor whose clearance is awaited.
      await expect(section).not.toContainText(MEDICAL_QUESTIONS[0].text);
      await expect(section).not.toContainText(YES_QUESTION);
      await expect(section).not.toContainText("clearance");
      await expectNoSidewaysScroll(page);

      // The operator: the booking's readiness in the list, then its participants beside it.
      const readiness = async () => {
        const res = await request.get(`/api/admin/bookings/${booking.booking_id}/participants`, {
          headers: bearer(token),
        });
        expect(res.status()).toBe(200);
        return ((await res.json()) as { readiness: { status: string } }).readiness.status;
      };
      await signIn(page, token);
      await page.goto(`/admin/bookings?q=${booking.reference}`);
      const row = page.getByTestId("booking-row").filter({ visible: true }).first();
      await expect(row.getByTestId("readiness-badge")).toHaveText("Medical clearance needed");
      await row.getByTestId("open-participants").click();
      // The list's address names the open booking, so the view can be linked to.
      await expect(page).toHaveURL(new RegExp(`[?&]booking=${booking.booking_id}(&|$)`));
      const panel = page.getByTestId("booking-participants");
      await expect(panel.getByTestId("admin-participant-2").getByTestId("medical-yes")).toContainText(
        YES_QUESTION,
      );
      await expect(panel.getByTestId("admin-participant-1").getByTestId("medical-answers")).toContainText(
        "No to every question.",
      );
      await expectNoSidewaysScroll(page);

      // Both cards checked first: the clearance is then all that is missing.
      for (const n of [1, 2]) {
        const person = panel.getByTestId(`admin-participant-${n}`);
        await person.getByRole("button", { name: "Certification checked" }).click();
        await expect(person.getByRole("button", { name: "Certification checked" })).toHaveCount(0);
      }
      expect(await readiness()).toBe("medical_clearance_needed");
      const second = panel.getByTestId("admin-participant-2");
      await second.getByRole("button", { name: "Record medical clearance" }).click();
      // Recorded in its dialog: confirmed, with who records it, the doctor and the date on the clearance.
      const dialog = page.getByRole("dialog", { name: `Medical clearance: ${NEW_DIVER.name}` });
      await dialog.getByLabel("Your name").fill("Sam Instructor");
      await dialog.getByLabel("Date on the clearance").fill(sydneyToday());
      await dialog.getByRole("textbox", { name: "Doctor", exact: true }).fill("Dr Rhee, Harbour Medical");
      await dialog.getByLabel(/I have read the doctor's clearance/).check();
      await dialog.getByRole("button", { name: "Record clearance" }).click();
      await expect(dialog.getByRole("button", { name: "Undo clearance" })).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(panel.getByText("Doctor's clearance received")).toBeVisible();
      await expect(second.getByRole("button", { name: "Record medical clearance" })).toHaveCount(0);
      expect(await readiness()).toBe("ready");
      await expect(
        page.locator('[data-testid="readiness-badge"][data-readiness="ready"]').first(),
      ).toBeVisible();

      await page.goto(link);
      await expect(page.getByTestId("booking-readiness")).toHaveText("Ready");
      await expect(page.getByTestId("participant-2-readiness")).toHaveText("Ready");

      await test.step("a group completes its details, the operator clears it, and the manifest shows both", async () => {
        // The manifest of the day, on the phone.
        await page.goto(`/admin/manifest?date=${dive.date}`);
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
        const table = page.getByRole("table", { name: dive.title });
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
      });
    } finally {
      if (bookingId) await cancelBooking(request, token, bookingId);
      await dive.cleanup();
    }
  });
});

test.describe("the waiver screen", () => {
  test.use({ viewport: PHONE });

  test("shows the current text and its versions; saving publishes the next version", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const before = await adminApi<{ current: { version: number; title: string; body: string } }>(
      request,
      token,
      "GET",
      "/api/admin/waiver",
    );
    const { version, title, body } = before.body.current;
    await signIn(page, token);
    await page.goto("/admin/waiver");
    await expect(page.getByRole("heading", { name: `Current text: version ${version}` })).toBeVisible();
    await expect(page.locator(`[name="title"]`)).toHaveValue(title);
    const publish = page.getByRole("button", { name: "Publish new version" });
    // Nothing changed yet: nothing to publish.
    await expect(publish).toBeDisabled();
    await page
      .locator(`[name="body"]`)
      .fill(`${body}\n\nUpdated ${Date.now()}: bring your certification card.`);
    await publish.click();
    await expect(page.getByText(`Version ${version + 1} published.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: `Current text: version ${version + 1}` })).toBeVisible();
    const history = page.getByTestId("waiver-history");
    await expect(history.getByRole("listitem")).toHaveCount(version + 1);
    await expect(history.getByRole("listitem").first()).toContainText(`Version ${version + 1} (current)`);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the participant form posts, names the fields to fix, and saves", async ({ page, request }) => {
    const token = await adminToken(request);
    const dive = await certifiedDive(request, token, "nojs");
    let bookingId = "";
    try {
      const { booking, link } = await bookAndOpenLink(
        page,
        dive.adventureId,
        dive.date,
        1,
        uniqueEmail("nojs"),
      );
      bookingId = booking.booking_id;
      await page
        .getByTestId("participants")
        .getByRole("link", { name: "Fill in details of Person 1" })
        .click();
      await fillPerson(page, {
        name: "Ivy Stone",
        dob: "1990-01-20",
        agency: "PADI",
        level: "Rescue Diver",
        number: "SSI-12345",
        lastDive: addDays(sydneyToday(), -60),
        yes: [],
      });
      // Two mistakes: a height out of range and a waiver signed with another name.
      await page.locator('[name="height_cm"]').fill("400");
      await page.getByRole("button", { name: "Save details" }).click();
      const errors = page.getByTestId("participant-errors");
      await expect(errors).toContainText("Height: Height must be a whole number from 50 to 250 cm");
      await expect(page.locator("#p-height_cm-error")).toBeVisible();
      await expect(page.locator('[name="full_name"]')).toHaveValue("Ivy Stone");

      await page.locator('[name="height_cm"]').fill("165");
      for (const q of MEDICAL_QUESTIONS)
        await page.locator(`input[name="medical_${q.id}"][value="no"]`).check();
      await page.locator('[name="waiver_name"]').fill("Somebody Else");
      await page.getByRole("button", { name: "Save details" }).click();
      await expect(page.locator("#p-waiver_name-error")).toContainText("type the participant's full name");

      await page.locator('[name="waiver_name"]').fill("ivy stone");
      await page.getByRole("button", { name: "Save details" }).click();
      await page.waitForURL(`**${link}?participant=1#participants`);
      await expect(page.getByTestId("participant-1-readiness")).toHaveText("Complete");
    } finally {
      if (bookingId) await cancelBooking(request, token, bookingId);
      await dive.cleanup();
    }
  });
});
