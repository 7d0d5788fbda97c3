/** The gear screen's data as GET /api/admin/gear answers it. */
export interface GearStockRow {
  size: string;
  quantity: number;
}
export interface GearItemView {
  id: string;
  name: string;
  stock: GearStockRow[];
}
export interface ExtraView {
  id: string;
  adventure_id: string;
  name: string;
  price_cents: number;
  per: "booking" | "person";
  required: boolean;
  gear_item_ids: string[];
  is_active: boolean;
}
export interface HiredRow {
  gear_item_id: string;
  size: string;
  hired: number;
}
export interface GearList {
  gear_items: GearItemView[];
  extras: ExtraView[];
  date: string;
  hired: HiredRow[];
}

/** Units of an item's size out on the list's date. */
export function hiredOf(hired: readonly HiredRow[], itemId: string, size: string): number {
  return hired.find((h) => h.gear_item_id === itemId && h.size === size)?.hired ?? 0;
}
