/**
 * The console's gear stock and adventure extras: gear items with the sizes
 * owned, and each adventure's extras. Every write is audited; an extra is
 * deactivated, never deleted (bookings name it in their lines).
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { extraSchema, gearItemSchema } from "../../../app/lib/extras.ts";
import type { DB } from "../../db/client.server.ts";
import { adventureExtras, adventures, gearItems, gearStock } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.server.ts";
import { auditedWrite } from "../audit/audited.server.ts";

export async function listGear(db: DB) {
  const items = await db.select().from(gearItems).orderBy(asc(gearItems.name));
  const stock = await db.select().from(gearStock).orderBy(asc(gearStock.size));
  const extras = await db.select().from(adventureExtras).orderBy(asc(adventureExtras.adventureId));
  return {
    gear_items: items.map((i) => ({
      id: i.id,
      name: i.name,
      stock: stock.filter((s) => s.gearItemId === i.id).map((s) => ({ size: s.size, quantity: s.quantity })),
    })),
    extras: extras.map((e) => ({
      id: e.id,
      adventure_id: e.adventureId,
      name: e.name,
      price_cents: e.priceCents,
      per: e.per,
      required: e.required,
      gear_item_ids: e.gearItemIds,
      is_active: e.isActive,
    })),
  };
}

/** Creates a gear item (id absent) or renames it and replaces its stock list. */
export async function saveGearItem(db: DB, id: string | null, input: z.infer<typeof gearItemSchema>) {
  const sizes = input.stock.map((s) => s.size);
  if (new Set(sizes).size !== sizes.length)
    throw badRequest("stock: a size is listed twice", { stock: "A size is listed twice" });
  return auditedWrite<typeof gearItems.$inferSelect>(
    db,
    {
      action: id ? "update" : "create",
      entity: "gear_item",
      table: gearItems,
      id: id ?? undefined,
      idOf: (r: { id: string }) => r.id,
    },
    async (tx) => {
      const [row] = id
        ? await tx.update(gearItems).set({ name: input.name }).where(eq(gearItems.id, id)).returning()
        : await tx.insert(gearItems).values({ name: input.name }).returning();
      if (!row) throw notFound("Gear item not found");
      await tx.delete(gearStock).where(eq(gearStock.gearItemId, row.id));
      if (input.stock.length) {
        await tx.insert(gearStock).values(input.stock.map((s) => ({ gearItemId: row.id, ...s })));
      }
      return row;
    },
  );
}

/** Adds an extra to an adventure. */
export async function createExtra(db: DB, adventureId: string, input: z.infer<typeof extraSchema>) {
  const [adventure] = await db
    .select({ id: adventures.id })
    .from(adventures)
    .where(eq(adventures.id, adventureId));
  if (!adventure) throw notFound("Adventure not found");
  if (input.gear_item_ids.length) {
    const found = await db
      .select({ id: gearItems.id })
      .from(gearItems)
      .where(inArray(gearItems.id, input.gear_item_ids));
    if (found.length !== new Set(input.gear_item_ids).size) {
      throw badRequest("gear_item_ids: unknown gear item", { gear_item_ids: "Unknown gear item" });
    }
  }
  return auditedWrite(
    db,
    {
      action: "create",
      entity: "adventure_extra",
      table: adventureExtras,
      idOf: (r: { id: string }) => r.id,
    },
    async (tx) => {
      const [row] = await tx
        .insert(adventureExtras)
        .values({
          adventureId,
          name: input.name,
          priceCents: input.price_cents,
          per: input.per,
          required: input.required,
          gearItemIds: input.gear_item_ids,
        })
        .returning();
      return row;
    },
  );
}

export async function deactivateExtra(db: DB, id: string) {
  return auditedWrite(
    db,
    { action: "deactivate", entity: "adventure_extra", table: adventureExtras, id },
    async (tx) => {
      const [row] = await tx
        .update(adventureExtras)
        .set({ isActive: false })
        .where(eq(adventureExtras.id, id))
        .returning();
      if (!row) throw notFound("Extra not found");
      return row;
    },
  );
}
