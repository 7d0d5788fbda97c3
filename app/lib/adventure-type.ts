/** "custom-trip" -> "Custom Trip", for an adventure type the catalogue does not know. */
export function prettifyAdventureType(type: string): string {
  return type
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
}
