import { formatMoney } from "../lib/money";
import { hasCategoryLines, type PriceLine, priceLineRow } from "../lib/price-lines";

export interface BookingPrice {
  lines: PriceLine[];
  unitCents: number;
  /** The sizes hired per extra and gear item, person by person. */
  gear: { extraId: string | null; name: string; sizes: string[] }[];
}

/**
 * A booking's price lines on its manage page, as its emails list them: the
 * people per category (or the price per person when none was booked), then
 * each extra with the sizes hired under it. Only for a booking with lines:
 * the spec's booking shows its total alone.
 */
export function BookingPriceLines({ price, currency }: { price: BookingPrice; currency: string }) {
  const rows = price.lines.map((l) => ({ line: l, row: priceLineRow(l, currency) }));
  return (
    <ul className="space-y-1.5" data-testid="price-lines">
      {hasCategoryLines(price.lines) ? null : (
        <li className="flex justify-between gap-4">
          <span>Price per person</span>
          <span>{formatMoney(price.unitCents, currency, true)}</span>
        </li>
      )}
      {rows.map(({ line, row: [label, amount] }) => {
        const gear = line.kind === "extra" ? price.gear.filter((g) => g.extraId === line.ref_id) : [];
        return (
          <li key={`${line.kind}:${line.ref_id}`}>
            <span className="flex justify-between gap-4">
              <span>{label}</span>
              <span data-testid="price-line-amount">{amount}</span>
            </span>
            {gear.length ? (
              <span className="block text-sm font-normal text-slate-600" data-testid="gear-sizes">
                {gear.map((g) => `${g.name}: ${g.sizes.join(", ")}`).join(" · ")}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
