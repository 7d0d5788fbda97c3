/** The media library: its file types and folders, the upload's fields and a file's record. */

import { z } from "../zod.ts";
import { int, optionalText, requiredText, requiredUrl, textList } from "./fields.ts";
import { splitComma } from "./text.ts";

export const MEDIA_FILE_TYPES = ["image", "video", "document"] as const;

export const MEDIA_FOLDERS = [
  "uploads",
  "adventures",
  "gallery",
  "testimonials",
  "backgrounds",
  "logos",
] as const;

/** What the upload accepts: images, videos, .pdf, .doc and .docx. */
export const UPLOAD_ACCEPT = "image/*,video/*,.pdf,.doc,.docx";

/** Size in KB with one decimal, as the media library lists it. */
export function formatKB(bytes: number): string {
  return `${(Math.max(0, bytes) / 1024).toFixed(1)} KB`;
}

export const mediaCreateSchema = z.object({
  url: requiredUrl("File URL"),
  filename: requiredText("Filename", 255),
  original_name: optionalText("Original name", 255),
  file_type: z
    .enum(MEDIA_FILE_TYPES, { error: "File type must be image, video or document" })
    .default("image"),
  mime_type: optionalText("MIME type", 120),
  file_size: int("File size", 0, 2_000_000_000).default(0),
  alt_text: optionalText("Alt text", 300),
  caption: optionalText("Caption", 1000),
  tags: textList("Tags", 20, 60),
  folder: z.enum(MEDIA_FOLDERS, { error: "Choose a folder from the list" }).default("uploads"),
  dimensions: z
    .object(
      { width: int("Width", 1, 100_000), height: int("Height", 1, 100_000) },
      { error: "Dimensions must have width and height" },
    )
    .nullable()
    .default(null),
});
export type MediaCreateInput = z.infer<typeof mediaCreateSchema>;

/** The text fields sent with an upload (multipart form fields). */
export const uploadFieldsSchema = z.object({
  folder: z.enum(MEDIA_FOLDERS, { error: "Choose a folder from the list" }).default("uploads"),
  tags: optionalText("Tags", 1000).transform(splitComma),
});
