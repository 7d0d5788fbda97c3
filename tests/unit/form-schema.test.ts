import type { FieldErrors, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import {
  errorMessages,
  payloadResolver,
  SERVER_ERROR,
} from "../../app/components/admin/content/form-schema.ts";
import { parseInteger, splitLines, testimonialSchema } from "../../app/lib/admin-forms/index.ts";
import { z } from "../../app/lib/zod.ts";

// A form as the operator types it: numbers as text, a list one entry per line.
interface Form {
  name: string;
  rating: string;
  tags: string;
}
const schema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  rating: z.number({ error: "Rating must be a number" }).int().min(1, "Rating must be at least 1"),
  tags: z.array(z.string().max(5, "Each entry of Tags must be at most 5 characters")),
});
const toPayload = (f: Form) => ({ ...f, rating: parseInteger(f.rating), tags: splitLines(f.tags) });
const options = { fields: {}, shouldUseNativeValidation: false } as unknown as ResolverOptions<Form>;

describe("payloadResolver", () => {
  it("checks the payload the form makes and keeps the typed values of a valid form", async () => {
    const values = { name: " Mia ", rating: "4", tags: "reef\n\nnight\n" };
    const result = await payloadResolver<Form>(schema, toPayload)(values, undefined, options);
    expect(result).toEqual({ values, errors: {} });
  });

  it("reports each message on the field the operator edits, a list entry's on the list, in the schema's order", async () => {
    const result = await payloadResolver<Form>(schema, toPayload)(
      { name: "", rating: "0", tags: "reef\nshipwreck" },
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(Object.keys(result.errors)).toEqual(["name", "rating", "tags"]);
    // The list's own error, not one per entry: the form shows it under the list's text area.
    expect(result.errors.tags).toMatchObject({ message: "Each entry of Tags must be at most 5 characters" });
    expect(errorMessages(result.errors)).toEqual({
      name: "Name is required",
      rating: "Rating must be at least 1",
      tags: "Each entry of Tags must be at most 5 characters",
    });
  });

  it("uses the shared schemas' own messages", async () => {
    interface Review {
      customer_name: string;
      adventure_type: string;
      location: string;
      content: string;
      rating: string;
    }
    const review = {
      customer_name: "Mia",
      adventure_type: "",
      location: "Kurnell",
      content: "Great",
      rating: "9",
    };
    const result = await payloadResolver<Review>(testimonialSchema, (f) => ({
      ...f,
      rating: parseInteger(f.rating),
    }))(review, undefined, options as unknown as ResolverOptions<Review>);
    expect(errorMessages(result.errors)).toEqual({
      adventure_type: "Adventure is required",
      rating: "Rating must be at most 5",
    });
  });
});

describe("errorMessages", () => {
  it("leaves out the errors of the given type (the server's, for the form's own summary)", () => {
    const errors = {
      title: { type: "too_small", message: "Title is required" },
      slug: { type: SERVER_ERROR, message: 'The slug "x" is already used' },
    } as FieldErrors;
    expect(errorMessages(errors)).toEqual({
      title: "Title is required",
      slug: 'The slug "x" is already used',
    });
    expect(errorMessages(errors, SERVER_ERROR)).toEqual({ title: "Title is required" });
  });
});
