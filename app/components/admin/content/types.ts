/**
 * Answer shapes of the content APIs (/api/admin/...), as the content screens
 * read them. The server functions that build the answers own the shapes; these
 * imports are type-only, so no server code reaches the browser.
 */

import type { toAdminContent } from "../../../../server/domain/content/admin/content.server";
import type {
  toAdminFaq,
  toAdminGalleryImage,
  toAdminTestimonial,
} from "../../../../server/domain/content/admin/library.server";

export type { SimpleAdventure } from "../../../../server/domain/content/admin/adventures.server";
export type { MediaItem } from "../../../../server/domain/content/admin/media.server";
export type { ProAdventure } from "../../../../server/domain/content/adventures.server";

export type GalleryImage = ReturnType<typeof toAdminGalleryImage>;
export type Testimonial = ReturnType<typeof toAdminTestimonial>;
export type Faq = ReturnType<typeof toAdminFaq>;
export type ContentSection = ReturnType<typeof toAdminContent>;
