/** The gallery image payload, as the gallery screen sends it and the API checks it. */

import { GALLERY_CATEGORIES } from "../categories.ts";
import { z } from "../zod.ts";
import { optionalText, requiredText, requiredUrl, textList } from "./fields.ts";

export const galleryImageSchema = z.object({
  title: requiredText("Title", 200),
  image_url: requiredUrl("Image URL"),
  category: z.enum(GALLERY_CATEGORIES.map((c) => c.value) as [string, ...string[]], {
    error: (iss) =>
      iss.input === undefined || iss.input === ""
        ? "Category is required"
        : "Choose a category from the list",
  }),
  tags: textList("Tags", 20, 60),
  description: optionalText("Description", 1000),
  alt: optionalText("Alt text", 300),
});
export type GalleryImageInput = z.infer<typeof galleryImageSchema>;
