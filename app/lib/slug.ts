/**
 * The address part of an adventure: lowercase; every
 * character other than a letter, a digit, a space or a hyphen removed;
 * whitespace turned into single hyphens; repeated hyphens collapsed.
 * Accents are folded first ("Café" -> "cafe") so they are not simply lost, and
 * hyphens at either end are dropped, which the server's slug rule requires.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** What a slug must look like: lowercase letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}
