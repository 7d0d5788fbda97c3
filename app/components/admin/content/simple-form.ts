/**
 * The simple adventure form (the Enhanced manager): its values as the
 * operator types them, how an adventure opens in it and the payload it sends.
 */
import {
  joinComma,
  joinLines,
  parseDecimal,
  parseInteger,
  splitComma,
  splitLines,
} from "../../../lib/admin-forms";
import { DEFAULT_CATEGORY, DEFAULT_SKILL_LEVEL } from "../../../lib/adventure-catalogue";
import { DEFAULT_GROUP_SIZE, groupSizeText } from "../../../lib/group-size";
import type { SimpleAdventure } from "./types";

export interface SimpleForm {
  slug: string;
  title: string;
  short_description: string;
  description: string;
  detailed_description: string;
  image: string;
  image_alt: string;
  gallery_images: string;
  features: string;
  duration: string;
  group_size: string;
  price: string;
  price_num: string;
  category: string;
  skill_level: string;
  tags: string;
  included: string;
  itinerary: string;
  location: string;
  best_for: string;
  featured: boolean;
  sort_order: string;
}

export const blankSimpleForm = (): SimpleForm => ({
  slug: "",
  title: "",
  short_description: "",
  description: "",
  detailed_description: "",
  image: "",
  image_alt: "",
  gallery_images: "",
  features: "",
  duration: "",
  group_size: groupSizeText(DEFAULT_GROUP_SIZE),
  price: "",
  price_num: "",
  category: DEFAULT_CATEGORY,
  skill_level: DEFAULT_SKILL_LEVEL,
  tags: "",
  included: "",
  itinerary: "",
  location: "",
  best_for: "",
  featured: false,
  sort_order: "0",
});

export const simpleFormFrom = (a: SimpleAdventure): SimpleForm => ({
  slug: a.slug,
  title: a.title,
  short_description: a.short_description,
  description: a.description,
  detailed_description: a.detailed_description,
  image: a.image,
  image_alt: a.image_alt,
  gallery_images: joinLines(a.gallery_images),
  features: joinComma(a.features),
  duration: a.duration,
  group_size: a.group_size,
  price: a.price,
  price_num: String(a.price_num),
  category: a.category,
  skill_level: a.skill_level,
  tags: joinComma(a.tags),
  included: joinLines(a.included),
  itinerary: joinLines(a.itinerary),
  location: a.location,
  best_for: joinLines(a.best_for),
  featured: a.featured,
  sort_order: String(a.sort_order),
});

/** Features and tags comma-separated, included and itinerary one per line, numbers parsed. */
export const simplePayload = (f: SimpleForm) => ({
  ...f,
  gallery_images: splitLines(f.gallery_images),
  features: splitComma(f.features),
  tags: splitComma(f.tags),
  included: splitLines(f.included),
  itinerary: splitLines(f.itinerary),
  best_for: splitLines(f.best_for),
  price_num: parseDecimal(f.price_num),
  sort_order: parseInteger(f.sort_order),
});
