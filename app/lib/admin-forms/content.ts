/**
 * Content sections: the pages a section belongs to, the rule per content type
 * and section, and the create and update payloads of the content screens.
 */

import { z } from "../zod.ts";
import { bool, optionalText, requiredText } from "./fields.ts";
import { isWebAddress } from "./text.ts";

/** Content pages: the spec's ten plus the three legal pages, whose text is a content section too. */
export const CONTENT_PAGES = [
  { value: "homepage", label: "Homepage" },
  { value: "adventures", label: "Adventures" },
  { value: "about", label: "About" },
  { value: "contact", label: "Contact" },
  { value: "gallery", label: "Gallery" },
  { value: "reviews", label: "Reviews" },
  { value: "faq", label: "FAQ" },
  { value: "book", label: "Book" },
  { value: "weekend", label: "Typical Weekend" },
  { value: "global", label: "Global (every page)" },
  { value: "privacy", label: "Privacy policy" },
  { value: "terms", label: "Terms" },
  { value: "cancellation", label: "Cancellation policy" },
] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number]["value"];
const CONTENT_PAGE_VALUES = CONTENT_PAGES.map((p) => p.value) as [ContentPage, ...ContentPage[]];

export const CONTENT_TYPES = ["text", "html", "json"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * Sections that hold a link or an image address (social_*, logo_*,
 * whatsapp_url, *_image, *_background): their content must be a web address,
 * whichever screen writes it, so a page never links to javascript: or a typo.
 */
export function isAddressSection(section: string): boolean {
  return /^(social_[a-z0-9]+|logo_[a-z0-9]+|whatsapp_url)$|(_image|_background|_image_[a-z0-9]+)$/.test(
    section,
  );
}

/**
 * The rule per content type and section: json must parse; an address section
 * must hold a URL. Null when the content fits.
 */
export function contentTypeError(type: string, content: string, section = ""): string | null {
  if (type === "json") {
    try {
      JSON.parse(content);
    } catch {
      return "Content must be valid JSON for the json type";
    }
  }
  if (isAddressSection(section) && !isWebAddress(content.trim())) {
    return "Content must be a URL (https://… or a path on this site such as /uploads/photo.webp)";
  }
  return null;
}

const sectionName = requiredText("Section name", 80).regex(
  /^[a-z0-9][a-z0-9_-]*$/,
  "Section name may contain only lowercase letters, digits, hyphens and underscores",
);
const contentBody = requiredText("Content", 100_000);

export const contentCreateSchema = z
  .object({
    page: z.enum(CONTENT_PAGE_VALUES, { error: "Choose a page from the list" }),
    section: sectionName,
    type: z.enum(CONTENT_TYPES, { error: "Type must be text, html or json" }).default("text"),
    title: optionalText("Title", 200),
    content: contentBody,
    description: optionalText("Description", 500),
    is_active: bool("Active", true),
  })
  .superRefine((s, ctx) => {
    const error = contentTypeError(s.type, s.content, s.section);
    if (error) ctx.addIssue({ code: "custom", path: ["content"], message: error });
  });
export type ContentCreateInput = z.infer<typeof contentCreateSchema>;

/** PUT: any of these; the website editor sends content only. */
export const contentUpdateSchema = z.object({
  title: z
    .string({ error: "Title must be text" })
    .trim()
    .max(200, "Title must be at most 200 characters")
    .optional(),
  content: contentBody.optional(),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(500, "Description must be at most 500 characters")
    .optional(),
  is_active: z.boolean({ error: "Active must be true or false" }).optional(),
});
export type ContentUpdateInput = z.infer<typeof contentUpdateSchema>;

export const isContentPage = (page: string): page is ContentPage =>
  (CONTENT_PAGE_VALUES as string[]).includes(page);
