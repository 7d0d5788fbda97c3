/**
 * The booking link's page as the server renders it (what a browser without
 * JavaScript gets): the trip, the refund before anything is cancelled, the
 * confirmation step, the cancelled state, the page for a link that does
 * not work or has expired, whose form posts to the re-send action, the
 * group's participants section, and the success page's link card.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { BookingLinkCard } from "../../app/components/booking/BookingLinkCard.tsx";
import { ParticipantsSummary } from "../../app/components/ParticipantsSummary.tsx";
import { ParticipantForm } from "../../app/components/participant/ParticipantForm.tsx";
import { formSuccess } from "../../app/lib/form-result.ts";
import { changeWindowText, policyCounting, policySentence } from "../../app/lib/policy-words.ts";
import MyBooking from "../../app/routes/public/my-booking.tsx";
import FindBooking from "../../app/routes/public/my-booking-find.tsx";
import type { ManageView } from "../../server/domain/bookings/booking-links.server.ts";
import type { ParticipantFormData } from "../../server/domain/dive-ops/participant-views.server.ts";

const VIEW: ManageView = {
  reference: "TW-ABC123",
  status: "confirmed",
  statusText: "Confirmed",
  adventureTitle: "Guided Shore Dive",
  adventureSlug: "guided-shore-dive",
  image: "/images/shore-dive.webp",
  imageAlt: "A diver over the reef",
  date: "2030-01-05",
  startTime: "8:00 am",
  duration: "3 hours",
  group: "2 people",
  leadName: "Mia Nguyen",
  meetingPoint: "Gordons Bay steps",
  location: "Clovelly",
  whatToBring: ["Towel", "Reef-safe sunscreen"],
  paid: true,
  paidCents: 20_000,
  currency: "aud",
  refundedCents: 0,
  policy: "50% refund if cancelled by 2 Jan 2030; no refund within 48 hours of the trip",
  policySentence: policySentence(),
  changeWindow: changeWindowText(),
  policyCounting: policyCounting(),
  refundPercent: 50,
  refundTodayCents: 10_000,
  voucherCents: 0,
  voucherBackTodayCents: 0,
  canCancel: true,
  googleCalendarUrl: "https://calendar.google.com/calendar/render?action=TEMPLATE&text=Dive",
};

function render(Component: unknown, path: string, loaderData: unknown, actionData?: unknown): string {
  const Stub = createRoutesStub([
    { id: "page", path: "/my-booking/:token", Component: Component as never },
    { id: "find", path: "/my-booking", Component: Component as never },
  ]);
  const id = path === "/my-booking" ? "find" : "page";
  const html = renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: {
        loaderData: { [id]: loaderData },
        actionData: actionData ? { [id]: actionData } : null,
      },
    }),
  );
  return html.replace(/<!-- -->/g, "");
}

/** The group's participants section while the operator checks something of someone. */
const WaitingSection = () =>
  createElement(ParticipantsSummary, {
    token: "tok123",
    saved: null,
    summary: {
      status: "waiting_for_operator",
      label: "Waiting for the operator",
      editable: true,
      people: [
        { position: 1, name: "Lena Hart", status: "complete", label: "Complete", todo: [] },
        { position: 2, name: "Theo Park", status: "complete", label: "Complete", todo: [] },
      ],
    },
  });

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the booking link's page", () => {
  it("shows the trip, both calendar links and what cancelling refunds today, with a plain form", () => {
    const html = render(MyBooking, "/my-booking/tok123", { view: VIEW });
    const shown = text(html);
    expect(shown).toContain("Guided Shore Dive");
    expect(shown).toContain("Saturday 5 January 2030, 8:00 am");
    expect(shown).toContain("2 people (booked by Mia Nguyen)");
    expect(shown).toContain("Gordons Bay steps");
    expect(shown).toContain("Reef-safe sunscreen");
    expect(shown).toContain("Total paid $200.00");
    expect(shown).toContain("Cancelling today refunds $100.00 (50% of $200.00).");
    expect(html).toContain('href="/my-booking/tok123/calendar.ics"');
    expect(html).toContain(
      'href="https://calendar.google.com/calendar/render?action=TEMPLATE&amp;text=Dive"',
    );
    expect(html).toMatch(
      /<form[^>]*action="\/my-booking\/tok123#cancel" method="post"><input type="hidden" name="intent" value="review"\/>/,
    );
    expect(html).not.toContain('value="confirm"');
  });

  it("links each of the booking's invoices, a printable page from the same link", () => {
    const html = render(MyBooking, "/my-booking/tok123", {
      view: VIEW,
      documents: [
        { number: "INV-000007", title: "Tax invoice" },
        { number: "ADJ-000009", title: "Adjustment note" },
      ],
    });
    expect(html).toContain('href="/my-booking/tok123/invoices/INV-000007"');
    expect(text(html)).toContain("Tax invoice INV-000007 Adjustment note ADJ-000009");
    expect(render(MyBooking, "/my-booking/tok123", { view: VIEW, documents: [] })).not.toContain(
      "/invoices/",
    );
  });

  it("says how much of the refund goes back on the voucher that paid part of the booking", () => {
    const part = render(MyBooking, "/my-booking/tok123", {
      view: { ...VIEW, voucherCents: 5_000, voucherBackTodayCents: 2_500 },
    });
    expect(text(part)).toContain("Of this, $25.00 goes back on your voucher and the rest to your card.");
    const whole = render(MyBooking, "/my-booking/tok123", {
      view: { ...VIEW, voucherCents: 20_000, voucherBackTodayCents: 10_000 },
    });
    expect(text(whole)).toContain("All of it goes back on your voucher, ready for another booking.");
    expect(text(render(MyBooking, "/my-booking/tok123", { view: VIEW }))).not.toContain("voucher");
  });

  it("asks to confirm with the refund amount after the first post", () => {
    const html = render(
      MyBooking,
      "/my-booking/tok123",
      { view: VIEW },
      formSuccess(null, { intent: "review" }),
    );
    expect(text(html)).toContain("Cancel this booking and receive $100.00 back?");
    expect(html).toMatch(/<form[^>]*method="post"><input type="hidden" name="intent" value="confirm"\/>/);
    expect(text(html)).toContain("Keep my booking");
  });

  it("shows a cancelled booking with its refund and no way to cancel again", () => {
    const html = render(MyBooking, "/my-booking/tok123", {
      view: {
        ...VIEW,
        status: "cancelled",
        statusText: "Cancelled",
        canCancel: false,
        refundedCents: 10_000,
      },
    });
    expect(text(html)).toContain("This booking is cancelled. A refund of $100.00 is on its way to your card");
    expect(html).not.toContain('name="intent"');
    expect(html).not.toContain("calendar.ics");
  });

  it("says a trip that has started can no longer be cancelled online", () => {
    const html = render(MyBooking, "/my-booking/tok123", { view: { ...VIEW, canCancel: false } });
    expect(text(html)).toContain("can no longer be cancelled online");
    expect(html).not.toContain('name="intent"');
  });

  it("offers a fresh link by email when the link does not work", () => {
    const html = render(MyBooking, "/my-booking/wrong", { view: null });
    expect(text(html)).toContain("This booking link does not work");
    expect(html).toMatch(/<form[^>]*action="\/my-booking" method="post"/);
    expect(html).toContain('name="email"');
    expect(html).not.toContain("wrong");
  });

  it("says an expired link has expired, and how to get a fresh one", () => {
    const html = render(MyBooking, "/my-booking/old", { view: null, expired: true });
    expect(text(html)).toContain("This booking link has expired");
    expect(text(html)).toContain("Booking links stop working 60 days after the trip.");
    expect(html).toMatch(/<form[^>]*action="\/my-booking" method="post"/);
    expect(html).toContain('name="email"');
    expect(html).toContain('href="/contact"');
    expect(text(html)).not.toContain("does not work");
  });

  it("shows the group waiting for the operator without naming a clearance", () => {
    const shown = text(render(WaitingSection, "/my-booking/tok123", {}));
    expect(shown).toContain("Participants Waiting for the operator");
    expect(shown).toContain("We have what we asked your group for");
    expect(shown).toContain("Theo Park Complete");
    expect(shown).not.toMatch(/clearance|medical/i);
  });

  it("answers a re-send without saying whether the address has booked", () => {
    const html = render(
      FindBooking,
      "/my-booking",
      undefined,
      formSuccess(null, { values: { email: "sam@example.com" } }),
    );
    expect(text(html)).toContain(
      "If sam@example.com has a booking with us, a fresh link is on its way to it now.",
    );
  });
});

describe("the success page's link card", () => {
  const card = (manageLink: string | null) =>
    text(
      render(
        () => createElement(BookingLinkCard, { manageLink, email: "mia@example.com" }),
        "/my-booking/x",
        {},
      ),
    );

  it("gives the link on the first view", () => {
    expect(card("/my-booking/tok123")).toContain("View or cancel my booking");
  });

  it("on a later view says where the link went and offers a fresh one by email", () => {
    const html = render(
      () => createElement(BookingLinkCard, { manageLink: null, email: "mia@example.com" }),
      "/my-booking/x",
      {},
    );
    expect(text(html)).toContain("is in the confirmation email we sent to mia@example.com");
    expect(html).toMatch(/<form[^>]*action="\/my-booking" method="post"/);
    expect(text(html)).not.toContain("View or cancel my booking");
  });
});

describe("a participant's own page", () => {
  const FORM: ParticipantFormData = {
    position: 2,
    groupSize: 2,
    reference: "TW-ABC123",
    adventureTitle: "Guided Shore Dive",
    tripDate: "2030-01-05",
    status: "confirmed",
    editable: true,
    diving: true,
    requiresCertification: false,
    minimumAge: 12,
    viewer: "self",
    summary: { label: "Medical clearance needed", todo: ["Send us a doctor's clearance for diving"] },
    values: {
      full_name: "Theo Park",
      date_of_birth: "1999-09-30",
      email: "theo@example.com",
      emergency_contact_name: "Jo Park",
      emergency_contact_phone: "0400 111 222",
      height_cm: "180",
      weight_kg: "80",
      wetsuit_size: "L",
      fin_size: "L",
      cert_agency: "",
      cert_level: "",
      cert_number: "",
      last_dive_date: "",
    },
    clearance: { needed: true, cleared: false, received: null },
    medicalAnsweredAt: "2029-12-20T00:00:00.000Z",
    minor: false,
    waiver: null,
    accepted: null,
  };
  const page = (form: ParticipantFormData, backHref: string | null, saved = false) =>
    render(
      () => createElement(ParticipantForm, { form, retentionDays: 90, backHref, saved }),
      "/my-booking/x",
      {},
    );

  it("names the person's own state, shows where their links go, and nothing of the booking", () => {
    const html = page(FORM, null, true);
    expect(text(html)).toContain("Medical clearance needed : Send us a doctor&#x27;s clearance for diving.");
    expect(text(html)).toContain("Your links come to theo@example.com");
    expect(text(html)).toContain("Your details are saved.");
    // The email the link went to is not a field here, and there is no way to the booking's page.
    expect(html).not.toContain('name="email"');
    expect(text(html)).not.toContain("Back to your booking");
    // Their own clearance: needed, and how to send it (a multipart form post, no JavaScript needed).
    expect(text(html)).toContain("Your answers need a doctor&#x27;s clearance");
    expect(html).toMatch(/<form[^>]*encType="multipart\/form-data" method="post"/);
    expect(html).toContain('name="clearance_file"');
  });

  it("tells a person their file arrived, and on the form's page the address to email it to", () => {
    const received = {
      ...FORM,
      clearance: {
        needed: true,
        cleared: false,
        received: { receivedAt: "2029-12-21T01:00:00.000Z", text: "PDF, 120 KB" },
      },
    };
    const html = render(
      () =>
        createElement(ParticipantForm, {
          form: received,
          retentionDays: 90,
          backHref: null,
          saved: false,
          contactEmail: "dive@example.com",
        }),
      "/my-booking/x",
      {},
    );
    expect(text(html)).toContain("We received your file on Fri, 21 Dec 2029 (PDF, 120 KB)");
    expect(text(html)).toContain("Replace the file");
    expect(html).toContain(
      'href="mailto:dive@example.com?subject=Doctor&#x27;s%20clearance%2C%20booking%20TW-ABC123"',
    );
  });

  it("from the booking's link keeps the email field and the way back", () => {
    const html = page(
      { ...FORM, viewer: "group", clearance: null, summary: { label: "Complete", todo: [] } },
      "/my-booking/tok123",
    );
    expect(html).toContain('name="email"');
    expect(html).toContain('href="/my-booking/tok123"');
    // Every diver's form says how to send a clearance, whatever the answers: it names nobody's state.
    expect(text(html)).toContain("Doctor&#x27;s clearance");
    expect(text(html)).not.toMatch(/Your answers need|We received your file|recorded your doctor/);
  });
});
