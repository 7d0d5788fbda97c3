/** The FAQ payload, as the FAQ screen sends it and the API checks it. */

import { z } from "../zod.ts";
import { bool, int, requiredText } from "./fields.ts";

export const faqSchema = z.object({
  category: requiredText("Category", 100),
  question: requiredText("Question", 500),
  answer: requiredText("Answer", 5000),
  order: int("Order", 0, 10_000).default(0),
  is_active: bool("Active", true),
});
export type FaqInput = z.infer<typeof faqSchema>;
