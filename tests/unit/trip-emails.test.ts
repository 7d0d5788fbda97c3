import { describe, expect, it } from "vitest";
import { siteInfo } from "../../app/lib/site.ts";
import { TRIP_EMAIL_KINDS, tripEmailTemplateSchema, tripEmailTextSchema } from "../../app/lib/trip-emails.ts";
import { placeholderValues, tripEmailDue } from "../../server/domain/messaging/trip-emails.server.ts";
import { BUILT_IN_TRIP_EMAILS, renderTripEmail } from "../../server/email/trip-templates.server.ts";

const at = (iso: string) => new Date(iso);
const dayTrip = (tripDate: string, confirmedAt: Date | null = at("2026-01-01T00:00:00Z")) => ({
  tripDate,
  tripDays: 1,
  confirmedAt,
});

describe("when the reminder is due (Sydney days)", () => {
  // Daylight saving ends in Sydney at 3:00 on 5 April 2026: AEDT (UTC+11) before, AEST (UTC+10) after.
  const trip = dayTrip("2026-04-07");
  it.each([
    ["2026-04-04T12:59:00Z", false, "23:59 on 4 April (AEDT): three days before"],
    ["2026-04-04T13:00:00Z", true, "midnight starting 5 April (AEDT): the reminder day"],
    ["2026-04-05T13:59:00Z", true, "23:59 on 5 April (AEST, the day the clocks went back)"],
    ["2026-04-06T13:30:00Z", true, "23:30 on 6 April (AEST): the catch-up day, though 7 April in UTC+11"],
    ["2026-04-06T14:00:00Z", false, "midnight starting 7 April: the trip day"],
    ["2026-04-08T02:00:00Z", false, "after the trip"],
  ])("at %s: %s (%s)", (instant, due) => {
    expect(tripEmailDue("reminder", at(instant), trip)).toBe(due);
  });

  // Daylight saving starts at 2:00 on 4 October 2026: AEST (UTC+10) before, AEDT (UTC+11) after.
  const spring = dayTrip("2026-10-06");
  it.each([
    ["2026-10-03T13:59:00Z", false, "23:59 on 3 October (AEST)"],
    ["2026-10-03T14:00:00Z", true, "midnight starting 4 October (AEST), the reminder day"],
    ["2026-10-05T12:59:00Z", true, "23:59 on 5 October (AEDT), the catch-up day"],
    ["2026-10-05T13:30:00Z", false, "00:30 on 6 October (AEDT): the trip day, though 5 October in UTC+10"],
  ])("at %s: %s (%s)", (instant, due) => {
    expect(tripEmailDue("reminder", at(instant), spring)).toBe(due);
  });

  it("skips bookings confirmed on or after the reminder day: their confirmation just went", () => {
    const reminderDayNoon = at("2026-04-05T02:00:00Z");
    // 23:59 on 4 April in Sydney: before the reminder day.
    const before = dayTrip("2026-04-07", at("2026-04-04T12:59:00Z"));
    // 00:00 on 5 April in Sydney: the reminder day itself.
    const onTheDay = dayTrip("2026-04-07", at("2026-04-04T13:00:00Z"));
    expect(tripEmailDue("reminder", reminderDayNoon, before)).toBe(true);
    expect(tripEmailDue("reminder", reminderDayNoon, onTheDay)).toBe(false);
    expect(tripEmailDue("reminder", at("2026-04-06T02:00:00Z"), onTheDay)).toBe(false);
    // A booking without a recorded confirmation time is treated as confirmed long ago.
    expect(tripEmailDue("reminder", reminderDayNoon, dayTrip("2026-04-07", null))).toBe(true);
  });
});

describe("when the thank-you is due", () => {
  it.each([
    ["2026-04-04T12:59:00Z", false, "23:59 on the trip day, 4 April (AEDT)"],
    ["2026-04-04T13:00:00Z", true, "midnight starting 5 April: the day after"],
    ["2026-04-11T13:59:00Z", true, "23:59 on 11 April (AEST): the last catch-up day"],
    ["2026-04-11T14:00:00Z", false, "midnight starting 12 April: too late"],
  ])("day trip on 4 April, at %s: %s (%s)", (instant, due) => {
    expect(tripEmailDue("thank_you", at(instant), dayTrip("2026-04-04"))).toBe(due);
  });

  it("counts from the last day of a trip of several days", () => {
    const camp = { tripDate: "2026-10-03", tripDays: 2, confirmedAt: null };
    // 23:59 on 4 October (AEDT): still on the trip.
    expect(tripEmailDue("thank_you", at("2026-10-04T12:59:00Z"), camp)).toBe(false);
    // Midnight starting 5 October.
    expect(tripEmailDue("thank_you", at("2026-10-04T13:00:00Z"), camp)).toBe(true);
    expect(tripEmailDue("reminder", at("2026-10-04T13:00:00Z"), camp)).toBe(false);
  });
});

describe("rendering a trip email", () => {
  const site = siteInfo({ global: { site_title: "Tidewater Dive & Camp" } });
  const values = {
    first_name: { text: `<script>alert("x")</script>` },
    adventure: { text: "Night Dive & BBQ" },
    what_to_bring: { text: "- Towel\n- Swimmers" },
    manage_link: { text: "https://example.com/my-booking/abc", href: `https://example.com/my-booking/abc"x` },
  };

  it("fills the placeholders in subject and body, as text and as escaped HTML", () => {
    const email = renderTripEmail(
      "reminder",
      {
        subject: "Soon: {adventure} for {first_name}",
        body: "Hi {first_name} <b>&</b>\nBring:\n{what_to_bring}\n\nManage: {manage_link}",
      },
      values,
      site,
    );
    expect(email.subject).toBe(`Soon: Night Dive & BBQ for <script>alert("x")</script>`);
    expect(email.text).toBe(
      `Hi <script>alert("x")</script> <b>&</b>\nBring:\n- Towel\n- Swimmers\n\nManage: https://example.com/my-booking/abc\n\nTidewater Dive & Camp`,
    );
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain(
      "Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;b&gt;&amp;&lt;/b&gt;<br>Bring:<br>- Towel<br>- Swimmers</p>",
    );
    expect(email.html).toContain(
      `<a href="https://example.com/my-booking/abc&quot;x" style="color:#0f766e;font-weight:bold">https://example.com/my-booking/abc</a>`,
    );
    // A blank line starts a new paragraph.
    expect(email.html.match(/<p style="margin:0 0 14px/g)).toHaveLength(2);
  });

  it("refuses a placeholder the kind does not know", () => {
    expect(() =>
      renderTripEmail("reminder", { subject: "Hi", body: "Review us: {review_link}" }, values, site),
    ).toThrow(/review_link/);
  });
});

describe("the text check (admin form and API)", () => {
  it("accepts the built-in texts", () => {
    for (const kind of TRIP_EMAIL_KINDS) {
      expect(
        tripEmailTemplateSchema.safeParse({ kind, ...BUILT_IN_TRIP_EMAILS[kind], enabled: true }).success,
      ).toBe(true);
    }
  });

  it("names the field holding an unknown placeholder", () => {
    const result = tripEmailTextSchema.safeParse({
      kind: "reminder",
      subject: "Hello {firstname}",
      body: "Thanks! {review_link} {review_link}",
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues).toEqual([
      ["subject", "Unknown placeholder {firstname}. Use only the placeholders listed for this email."],
      ["body", "Unknown placeholder {review_link}. Use only the placeholders listed for this email."],
    ]);
  });

  it("allows the review link after the trip, and braces that are no placeholder", () => {
    const ok = tripEmailTextSchema.safeParse({
      kind: "thank_you",
      subject: "Thanks {first_name}",
      body: "Review: {review_link} { smile } {Name} {}",
    });
    expect(ok.success).toBe(true);
  });

  it("keeps the subject to one line", () => {
    const result = tripEmailTextSchema.safeParse({ kind: "reminder", subject: "a\nb", body: "x" });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["subject"]);
  });
});

describe("the values a trip email's placeholders take", () => {
  const booking = {
    customerFirstName: "Ana",
    adventureTitle: "Night Dive",
    selectedDate: "2031-03-14",
    startTime: "",
    groupSize: 3,
    reference: "TW-ABCD1234",
  };
  const dive = {
    itinerary: [] as string[],
    meetingPoint: "",
    location: "Shelly Beach",
    whatToBring: [] as string[],
  };
  const links = { manage: "https://example.com/m", review: "https://example.com/m/review" };
  const values = (contact: Record<string, string>, global: Record<string, string> = {}, adventure = dive) => {
    const content = { contact, global };
    return placeholderValues(booking, adventure, siteInfo(content), content, links);
  };

  it("names the WhatsApp number with its chat link, or whichever of the two there is", () => {
    expect(values({ contact_whatsapp: "+61 400 111 222" }).whatsapp).toEqual({
      text: "+61 400 111 222 (https://wa.me/61400111222)",
      href: "https://wa.me/61400111222",
      label: "+61 400 111 222",
    });
    // No WhatsApp number: the phone, and the chat link made from it.
    expect(values({ contact_phone: "02 9000 0000" }).whatsapp.label).toBe("02 9000 0000");
    // A chat link set on its own, with no number anywhere: the link is the text.
    expect(values({}, { whatsapp_url: "https://wa.me/61499000000" }).whatsapp).toEqual({
      text: "https://wa.me/61499000000",
      href: "https://wa.me/61499000000",
    });
    expect(values({}).whatsapp).toEqual({ text: "" });
  });

  it("falls back where the adventure leaves a value out", () => {
    const bare = values({});
    expect(bare.start_time.text).toBe("as in your confirmation");
    expect(bare.meeting_point.text).toBe("Shelly Beach");
    expect(bare.what_to_bring.text).toBe("Nothing special: we provide the equipment.");
    const full = values(
      {},
      {},
      {
        itinerary: ["7:30 AM: Meet at the dive shop"],
        meetingPoint: "The dive shop",
        location: "Shelly Beach",
        whatToBring: ["Towel", "Sunscreen"],
      },
    );
    expect(full.start_time.text).toBe("7:30 am");
    expect(full.meeting_point.text).toBe("The dive shop");
    expect(full.what_to_bring.text).toBe("- Towel\n- Sunscreen");
    expect(full.group.text).toBe("3 people");
  });
});
