/** The business's tax details as the console edits them (the ABN's check is app/lib/tax's). */
import { isValidAbn } from "../tax.ts";
import { z } from "../zod.ts";

export const taxSettingsSchema = z
  .object({
    legal_name: z
      .string({ error: "Business name must be text" })
      .trim()
      .max(200, "Business name must be at most 200 characters"),
    abn: z
      .string({ error: "ABN must be text" })
      .transform((v) => v.replace(/\s/g, ""))
      .refine((v) => v === "" || isValidAbn(v), "This is not a valid ABN: check its 11 digits"),
    gst_registered: z.boolean({ error: "gst_registered must be true or false" }),
  })
  .refine((v) => !v.gst_registered || v.abn !== "", {
    path: ["abn"],
    message: "Enter the ABN to issue tax invoices",
  });
export type TaxSettingsInput = z.output<typeof taxSettingsSchema>;
