import { describe, expect, it } from "vitest";
import {
  CONTACT_EXTRA_TYPES,
  contactSchema,
  emailField,
  newsletterSchema,
} from "../../app/lib/validation.ts";

const valid = {
  first_name: "Mia",
  last_name: "Nguyen",
  email: "mia@example.com",
  phone: "+61 412 345 678",
  adventure_type: "dive-exhibition",
  message: "Can I bring my 13-year-old on the Discover Scuba?",
};

/** Field -> message of the first issue on each field. */
function errorsOf(input: unknown): Record<string, string> {
  const r = contactSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join(".")] ??= i.message;
  return out;
}

describe("contactSchema", () => {
  it("accepts a complete message and trims text", () => {
    const r = contactSchema.parse({
      ...valid,
      first_name: "  Mia ",
      last_name: " Nguyen\t",
      email: "  mia@example.com ",
      message: "  Hello  ",
    });
    expect(r).toEqual({ ...valid, message: "Hello" });
  });

  it("names every required field when the body is empty", () => {
    expect(errorsOf({})).toEqual({
      first_name: "First name is required",
      last_name: "Last name is required",
      email: "Email is required",
      adventure_type: "Choose an adventure type from the list",
      message: "Message is required",
    });
  });

  it.each([
    ["first_name", "First name is required"],
    ["last_name", "Last name is required"],
    ["email", "Email is required"],
    ["message", "Message is required"],
  ])("%s: missing, empty or blank -> %s", (field, message) => {
    const { [field]: _omit, ...rest } = valid as Record<string, string>;
    expect(errorsOf(rest)).toEqual({ [field]: message });
    expect(errorsOf({ ...valid, [field]: "" })).toEqual({ [field]: message });
    expect(errorsOf({ ...valid, [field]: "   " })).toEqual({ [field]: message });
    expect(errorsOf({ ...valid, [field]: null })).toEqual({ [field]: message });
  });

  it.each([
    ["first_name", 42, "First name is required"],
    ["last_name", true, "Last name is required"],
    ["email", 7, "Email is required"],
    ["message", ["hi"], "Message is required"],
    ["adventure_type", 3, "Choose an adventure type from the list"],
    ["phone", 412345678, "Phone must be text"],
  ])("%s of the wrong type (%j) is rejected with a message", (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("limits lengths", () => {
    expect(errorsOf({ ...valid, first_name: "a".repeat(101) })).toEqual({
      first_name: "First name must be at most 100 characters",
    });
    expect(errorsOf({ ...valid, last_name: "a".repeat(101) })).toEqual({
      last_name: "Last name must be at most 100 characters",
    });
    expect(errorsOf({ ...valid, message: "a".repeat(5001) })).toEqual({
      message: "Message must be at most 5000 characters",
    });
    expect(contactSchema.safeParse({ ...valid, message: "a".repeat(5000) }).success).toBe(true);
    expect(errorsOf({ ...valid, phone: "1".repeat(41) })).toEqual({
      phone: "Phone must be at most 40 characters",
    });
  });

  it("keeps line breaks in the message", () => {
    expect(contactSchema.parse({ ...valid, message: "Line 1\nLine 2" }).message).toBe("Line 1\nLine 2");
  });

  it("refuses line breaks in names (they end up in email subjects)", () => {
    expect(Object.keys(errorsOf({ ...valid, first_name: "Mia\r\nBcc: x@example.com" }))).toEqual([
      "first_name",
    ]);
    expect(Object.keys(errorsOf({ ...valid, last_name: "N\nguyen" }))).toEqual(["last_name"]);
  });

  describe("phone", () => {
    it("is optional and defaults to empty", () => {
      const { phone: _p, ...rest } = valid;
      expect(contactSchema.parse(rest).phone).toBe("");
      expect(contactSchema.parse({ ...valid, phone: "" }).phone).toBe("");
      expect(contactSchema.parse({ ...valid, phone: "   " }).phone).toBe("");
    });

    it.each(["0412 345 678", "+61 (2) 9876-5432", "02.9876.5432", "+1 555 0100", "(02) 9876 5432"])(
      "accepts %s",
      (phone) => {
        expect(contactSchema.parse({ ...valid, phone }).phone).toBe(phone);
      },
    );

    it.each(["call me", "0412 345 678 ext 2", "+61#412", "0412;drop", "☎ 0412"])("rejects %j", (phone) => {
      expect(errorsOf({ ...valid, phone })).toEqual({
        phone: "Phone may contain only digits, spaces and + ( ) - .",
      });
    });
  });

  describe("adventure_type", () => {
    // The adventures come from the database (tests/api/public.test.ts); custom and general are always offered.
    it("ends with a custom trip and a general question", () => {
      expect(CONTACT_EXTRA_TYPES.map((t) => t.value)).toEqual(["custom", "general"]);
    });

    it.each(["dive-exhibition", "custom", "general"])("accepts the shape of %s", (t) => {
      expect(contactSchema.parse({ ...valid, adventure_type: t }).adventure_type).toBe(t);
    });

    it.each(["", "x".repeat(121)])("rejects %j", (t) => {
      expect(errorsOf({ ...valid, adventure_type: t })).toEqual({
        adventure_type: "Choose an adventure type from the list",
      });
    });
  });

  describe("email", () => {
    it.each(["a@b.co", "first.last+tag@sub.example.com.au", "MIA@EXAMPLE.COM"])("accepts %s", (email) => {
      expect(contactSchema.parse({ ...valid, email }).email).toBe(email);
    });

    it.each([
      "mia",
      "mia@",
      "@example.com",
      "mia@example",
      "mia @example.com",
      "mia@@example.com",
      "a,b@x.com",
    ])("rejects %j", (email) => {
      expect(errorsOf({ ...valid, email })).toEqual({ email: "Enter a valid email address" });
    });

    it("limits the length", () => {
      const long = `${"a".repeat(250)}@x.co`;
      expect(errorsOf({ ...valid, email: long })).toEqual({ email: "Email must be at most 254 characters" });
    });
  });

  it("drops unknown fields", () => {
    const r = contactSchema.parse({ ...valid, is_admin: true, __proto__: { x: 1 } });
    expect(Object.keys(r).sort()).toEqual(Object.keys(valid).sort());
  });
});

describe("newsletterSchema", () => {
  it("trims and accepts a valid address", () => {
    expect(newsletterSchema.parse({ email: "  Diver@Example.com  " })).toEqual({
      email: "Diver@Example.com",
    });
  });

  it.each([
    [{}, "Email is required"],
    [{ email: "" }, "Email is required"],
    [{ email: "   " }, "Email is required"],
    [{ email: null }, "Email is required"],
    [{ email: 12 }, "Email is required"],
    [{ email: "not-an-email" }, "Enter a valid email address"],
    [{ email: "diver@" }, "Enter a valid email address"],
  ])("%j -> %s", (input, message) => {
    const r = newsletterSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(["email"]);
    expect(r.error?.issues[0].message).toBe(message);
  });

  it("shares the email rule with the contact form", () => {
    expect(emailField.safeParse("x@y.com").success).toBe(true);
    expect(emailField.safeParse("x@y").success).toBe(false);
  });
});
