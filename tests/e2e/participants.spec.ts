import { MEDICAL_QUESTIONS } from "../../app/lib/medical";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { adminApi, adminToken } from "../fixtures/admin-session";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import { addDays, cancelBooking, createBooking, signIn, sydneyToday, uniqueEmail } from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";
import { mimePart, type SmtpSink, startSmtpSink } from "../helpers/smtp";
import { payWithTestCard } from "../helpers/test-checkout";

/**
 * Participants and readiness, as a customer on a phone and the operator in
 * the admin area: a paid booking of two for a certified dive (an adventure
 * and date of the test's own) is completed from the private link in the
 * confirmation email: an experienced diver answering "no" throughout, and a
 * newly certified beginner with a medical "yes" (the adventure asks both for
 * their certification). Readiness moves from details missing to waiting for
 * the operator (the group never sees whose clearance, or why), and to ready
 * once the operator records the clearance and checks both certifications.
 * The form also works without JavaScript.
 */
const PHONE = { width: 375, height: 740 };

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

const textOf = (raw: string) => mimePart(raw, /text\/plain/i) ?? raw;

/** A certified dive of the test's own with one open date far ahead; `cleanup` takes it off the site. */
async function certifiedDive(request: APIRequestContext, token: string, tag: string) {
  const run = `${tag}-${Date.now().toString(36)}`;
  const fields = {
    title: `Cert Reef ${run}`,
    slug: `cert-reef-${run}`,
    base_price: 120,
    duration: "3 hours",
    location: "Shelly Beach, Manly",
    category: "scuba-diving",
    requires_certification: true,
    group_size_min: 1,
    group_size_max: 4,
    sort_order: 999,
  };
  const created = await adminApi<{ id: string }>(request, token, "POST", "/api/admin/adventures-pro", fields);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const adventureId = created.body.id;
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
  return { adventureId, date, cleanup };
}

/** Books and pays on the test checkout; answers the private link from the confirmation email. */
async function bookAndOpenLink(
  page: Page,
  adventureId: string,
  date: string,
  groupSize: number,
  email: string,
) {
  const booking = await createBooking(page.request, { adventureId, date, email, groupSize });
  await page.goto(new URL(booking.checkout_url).pathname);
  await payWithTestCard(page);
  await page.waitForURL(/\/book\/success\?confirmed=true&session_id=cs_test_/);
  const mail = await sink.waitFor(
    (m) => m.to.includes(email) && m.subject.includes(booking.reference),
    20_000,
  );
  const link = /https?:\/\/[^\s"]+\/my-booking\/([A-Za-z0-9_-]{43})/.exec(textOf(mail.raw))?.[0] ?? "";
  expect(link).not.toBe("");
  await page.goto(new URL(link).pathname);
  await expect(page.getByTestId("booking-reference")).toHaveText(booking.reference);
  return { booking, link: new URL(link).pathname };
}

interface Person {
  name: string;
  dob: string;
  level: string;
  number: string;
  lastDive: string;
  /** Question ids answered "yes". */
  yes: string[];
}

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
  await field("cert_agency").selectOption("PADI");
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

test.describe("with JavaScript", () => {
  test.use({ viewport: PHONE });

  test("a group of two moves from details missing to ready through the manage link and the admin", async ({
    page,
    request,
  }) => {
    // Two forms and the admin: longer than one page's default.
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
      await fillPerson(page, {
        name: "Mara Quinn",
        dob: "1985-04-12",
        level: "Advanced Open Water Diver",
        number: "PADI-884213",
        lastDive: addDays(sydneyToday(), -30),
        yes: [],
      });
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Save details" }).click();
      await page.waitForURL(`**${link}?participant=1`);
      await expect(page.getByTestId("participant-saved")).toContainText("Mara Quinn");
      await expect(page.getByTestId("participant-1-readiness")).toHaveText("Complete");
      await expect(page.getByTestId("booking-readiness")).toHaveText("Details missing");

      // Person 2: newly certified, with a "yes" that needs a doctor's clearance.
      await section.getByRole("link", { name: "Fill in details of Person 2" }).click();
      await fillPerson(page, {
        name: "Theo Park",
        dob: "1999-09-30",
        level: "Open Water Diver",
        number: "PADI-990017",
        lastDive: addDays(sydneyToday(), -10),
        yes: ["lungs"],
      });
      await page.getByRole("button", { name: "Save details" }).click();
      await page.waitForURL(`**${link}?participant=2`);
      await expect(page.getByTestId("booking-readiness")).toHaveText("Waiting for the operator");
      await expect(page.getByTestId("participant-2-readiness")).toHaveText("Complete");
      // The group's page never shows an answer, nor whose clearance is awaited.
      await expect(section).not.toContainText(MEDICAL_QUESTIONS[0].text);
      await expect(section).not.toContainText("clearance");

      // The operator: the booking's readiness in the list, then its participants.
      await signIn(page, token);
      await page.goto(`/admin/bookings?q=${booking.reference}`);
      const row = page.getByTestId("booking-row").filter({ visible: true }).first();
      await expect(row.getByTestId("readiness-badge")).toHaveText("Medical clearance needed");
      await row.getByTestId("open-participants").click();
      const panel = page.getByTestId("booking-participants");
      await expect(panel.getByTestId("admin-participant-2").getByTestId("medical-yes")).toContainText(
        MEDICAL_QUESTIONS.find((q) => q.id === "lungs")?.text ?? "",
      );
      await expect(panel.getByTestId("admin-participant-1").getByTestId("medical-answers")).toContainText(
        "No to every question.",
      );
      await expectNoSidewaysScroll(page);

      await panel.getByRole("button", { name: "Record medical clearance" }).click();
      await expect(panel.getByText("Doctor's clearance received")).toBeVisible();
      for (const n of [1, 2]) {
        await panel
          .getByTestId(`admin-participant-${n}`)
          .getByRole("button", { name: "Certification checked" })
          .click();
        await expect(
          panel.getByTestId(`admin-participant-${n}`).getByRole("button", { name: "Certification checked" }),
        ).toHaveCount(0);
      }
      await expect(
        page.locator('[data-testid="readiness-badge"][data-readiness="ready"]').first(),
      ).toBeVisible();

      await page.goto(link);
      await expect(page.getByTestId("booking-readiness")).toHaveText("Ready");
      await expect(page.getByTestId("participant-2-readiness")).toHaveText("Ready");
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
      await page.waitForURL(`**${link}?participant=1`);
      await expect(page.getByTestId("participant-1-readiness")).toHaveText("Complete");
    } finally {
      if (bookingId) await cancelBooking(request, token, bookingId);
      await dive.cleanup();
    }
  });
});
