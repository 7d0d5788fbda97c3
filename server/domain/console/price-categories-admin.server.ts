/**
 * The operator's price categories of an adventure: the whole list replaced
 * at once (kept ids updated, new ones added, missing ones removed), in one
 * transaction with its audit entry. Bookings keep their own lines, so a
 * price change or a removed category never rewrites a booking.
 */
import { eq } from "drizzle-orm";
import { toCents } from "../../../app/lib/money.ts";
import type { PriceCategoriesInput, PriceCategory } from "../../../app/lib/price-categories.ts";
import type { DB } from "../../db/client.server.ts";
import { adventurePriceCategories, adventures } from "../../db/schema.ts";
import { notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { adventureCategories } from "../bookings/price-categories.server.ts";

export async function replacePriceCategories(
  db: DB,
  adventureId: string,
  input: PriceCategoriesInput,
): Promise<PriceCategory[]> {
  return db.transaction(async (tx) => {
    const [adventure] = await tx
      .select({ id: adventures.id })
      .from(adventures)
      .where(eq(adventures.id, adventureId))
      .for("update");
    if (!adventure) throw notFound("Adventure not found");
    const before = await adventureCategories(tx, adventureId);
    const known = new Set(before.map((c) => c.id));
    await tx.delete(adventurePriceCategories).where(eq(adventurePriceCategories.adventureId, adventureId));
    if (input.categories.length) {
      await tx.insert(adventurePriceCategories).values(
        input.categories.map((c, sort) => ({
          // A kept category keeps its id: booked lines and participants' positions still name it.
          ...(c.id && known.has(c.id) ? { id: c.id } : {}),
          adventureId,
          name: c.name,
          priceCents: toCents(c.price),
          ageMin: c.age_min,
          ageMax: c.age_max,
          takesSpot: c.takes_spot,
          needsDivePaperwork: c.needs_dive_paperwork,
          sort,
        })),
      );
    }
    const after = await adventureCategories(tx, adventureId);
    await recordAudit(tx, {
      action: "update",
      entity: "adventure",
      entityId: adventureId,
      before: { price_categories: before },
      after: { price_categories: after },
    });
    return after;
  });
}
