/** The adventure editor's "Prices" and "Extras" cards, each with its own load failure. */
import { dataOr, failureText } from "../../../lib/admin-data";
import type { FormResult } from "../../../lib/form-result";
import type { PriceCategory } from "../../../lib/price-categories";
import type { GearList } from "../gear/gear-view";
import { Alert } from "../ui/alert";
import { Card } from "../ui/layout";
import { ExtrasPanel } from "./ExtrasPanel";
import { PriceCategoriesForm } from "./PriceCategoriesForm";

export function PricesAndExtras({
  adventure,
  prices,
  gear,
}: {
  adventure: { id: string; base_price: number; currency: string };
  prices: FormResult<{ categories: PriceCategory[] }>;
  gear: FormResult<GearList>;
}) {
  const pricesError = failureText(prices, "Failed to load the price categories");
  const gearError = failureText(gear, "Failed to load the extras");
  const list = dataOr(gear, null);
  return (
    <>
      <Card
        title="Prices"
        description="The seats customers choose from, in this order: each with its price and ages. An infant on a lap takes no spot; an observer needs no dive paperwork."
        className="mt-6"
      >
        {pricesError ? (
          <Alert tone="error">{pricesError}</Alert>
        ) : (
          <PriceCategoriesForm
            adventureId={adventure.id}
            categories={dataOr(prices, { categories: [] }).categories}
            basePrice={adventure.base_price}
          />
        )}
      </Card>
      <Card
        title="Extras"
        description="Offered on the booking form beside the seats: gear sets, a dive computer, a meal pack."
        className="mt-6"
      >
        {gearError || !list ? (
          <Alert tone="error">{gearError}</Alert>
        ) : (
          <ExtrasPanel
            adventureId={adventure.id}
            extras={list.extras}
            gearItems={list.gear_items}
            currency={adventure.currency}
          />
        )}
      </Card>
    </>
  );
}
