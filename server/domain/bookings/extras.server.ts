/**
 * A booking's extras and gear hires on the server: the adventure's extras read
 * with their gear and stocked sizes, the customer's choice priced into extra
 * lines (app/lib/extras.ts), and the hires written in the booking's
 * transaction under the stock rule: on a date, no more of an item and size is
 * hired than the shop owns, across every adventure. The stock rows are locked
 * (FOR UPDATE, in item then size order so two bookings never wait on each
 * other crosswise) before the date's hires are counted, so racing bookings on
 * any number of processes take turns and the last unit goes once.
 */
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import {
  type ExtraChoice,
  type ExtraDef,
  extrasFromForm,
  type GearHire,
  type GearLeft,
  gearDemand,
  type ParticipantSizeField,
  participantSizeField,
  resolveExtras,
} from "../../../app/lib/extras.ts";
import type { PriceLine } from "../../../app/lib/price-lines.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventureExtras,
  adventures,
  type BookingRow,
  bookingChanges,
  bookingGear,
  bookings,
  gearItems,
  gearStock,
} from "../../db/schema.ts";
import { badRequest, HttpError } from "../../errors.server.ts";

/** The adventure's active extras, each with its gear items and their stocked sizes. */
export async function loadExtraDefs(db: DB, adventureId: string): Promise<ExtraDef[]> {
  return (await activeExtras(db, adventureId)).get(adventureId) ?? [];
}

/** Every adventure's active extras, in one set of queries (the booking form lists them all). */
export function extrasByAdventure(db: DB): Promise<Map<string, ExtraDef[]>> {
  return activeExtras(db, null);
}

/** Active extras by adventure, of one adventure or of all (null). */
async function activeExtras(db: DB, adventureId: string | null): Promise<Map<string, ExtraDef[]>> {
  const extras = await db
    .select()
    .from(adventureExtras)
    .where(
      and(
        adventureId === null ? undefined : eq(adventureExtras.adventureId, adventureId),
        eq(adventureExtras.isActive, true),
      ),
    )
    .orderBy(asc(adventureExtras.position), asc(adventureExtras.createdAt));
  const itemIds = [...new Set(extras.flatMap((e) => e.gearItemIds))];
  const items = itemIds.length ? await db.select().from(gearItems).where(inArray(gearItems.id, itemIds)) : [];
  const stock = itemIds.length
    ? await db
        .select()
        .from(gearStock)
        .where(inArray(gearStock.gearItemId, itemIds))
        .orderBy(asc(gearStock.size))
    : [];
  const sizesOf = (id: string) => stock.filter((s) => s.gearItemId === id).map((s) => s.size);
  const out = new Map<string, ExtraDef[]>();
  for (const e of extras) {
    const def: ExtraDef = {
      id: e.id,
      name: e.name,
      price_cents: e.priceCents,
      per: e.per,
      required: e.required,
      gear: e.gearItemIds.flatMap((gid) => {
        const item = items.find((i) => i.id === gid);
        return item ? [{ id: item.id, name: item.name, sizes: sizesOf(item.id) }] : [];
      }),
    };
    out.set(e.adventureId, [...(out.get(e.adventureId) ?? []), def]);
  }
  return out;
}

/**
 * What a booking form posted without JavaScript about the extras
 * (`extrasFromForm`): nothing for an adventure without any, so its booking is
 * the spec's.
 */
export async function postedExtras(
  db: DB,
  form: FormData,
  adventureId: string,
): Promise<ExtraChoice[] | undefined> {
  const defs = await loadExtraDefs(db, adventureId);
  if (!defs.length) return undefined;
  return extrasFromForm(defs, form);
}

/**
 * The extra lines and gear hires a booking takes: none, and no query, for an
 * adventure without extras and no choice (the spec's booking). A bad choice is
 * a 400 naming `extras`.
 */
export async function bookingExtras(
  db: DB,
  adventureId: string,
  choices: readonly ExtraChoice[] | undefined,
  groupSize: number,
  /** False for a price check before the sizes are picked (the promo code's preview). */
  requireSizes = true,
): Promise<{ lines: PriceLine[]; gear: GearHire[] }> {
  const defs = await loadExtraDefs(db, adventureId);
  if (!defs.length && !choices?.length) return { lines: [], gear: [] };
  const out = resolveExtras(defs, choices ?? [], groupSize, requireSizes);
  if ("error" in out) throw badRequest(`extras: ${out.error}`, { extras: out.error });
  return out;
}

/**
 * Inside the booking's transaction, after its row is written: checks the
 * stock for the hires (`holdGearStock`), then writes them.
 */
export async function hireGear(
  tx: DB,
  p: { bookingId: string; date: string; gear: readonly GearHire[] },
): Promise<void> {
  if (!p.gear.length) return;
  // A shortfall is named under extras too, so the form shows it beside the sizes to change.
  await holdGearStock(
    tx,
    p.date,
    gearDemand(p.gear).map((d) => ({ ...d, field: "extras" })),
  );
  await tx.insert(bookingGear).values(
    p.gear.map((g) => ({
      bookingId: p.bookingId,
      gearItemId: g.gearItemId,
      extraId: g.extraId,
      size: g.size,
      quantity: g.quantity,
      participant: g.participant,
    })),
  );
}

/**
 * The one stock rule, in the caller's transaction: locks the stock rows the
 * demand needs (FOR UPDATE, in the demand's item-then-size order), counts what
 * the date already has out (`hiredOn`) and refuses a shortfall with a 409
 * naming the item, size and how many are left. The lock is held to the commit,
 * so whatever the caller then writes (the hires, a booking change) is counted
 * by the next one in line.
 */
export async function holdGearStock(
  tx: DB,
  date: string,
  demand: readonly { gearItemId: string; size: string; quantity: number; field?: string }[],
): Promise<void> {
  for (const need of demand) {
    const [row] = await tx
      .select({ quantity: gearStock.quantity, name: gearItems.name })
      .from(gearStock)
      .innerJoin(gearItems, eq(gearItems.id, gearStock.gearItemId))
      .where(and(eq(gearStock.gearItemId, need.gearItemId), eq(gearStock.size, need.size)))
      .for("update", { of: gearStock });
    const hired = row ? await hiredOn(tx, date, need.gearItemId, need.size) : 0;
    const left = Math.max(0, (row?.quantity ?? 0) - hired);
    if (need.quantity > left) {
      const what = `${row?.name ?? "Gear"} ${need.size}`;
      const detail =
        left === 0
          ? `${what} is all hired out on ${date}; choose another size or date.`
          : `Only ${left} × ${what} left on ${date}; this booking needs ${need.quantity}.`;
      // A form field the shortfall came from (a participant's size) is named with it.
      throw new HttpError(409, detail, need.field ? { [need.field]: detail } : undefined);
    }
  }
}

/**
 * Before a booking moves to another date (a customer's, the operator's or a
 * weather move, all through holdChange): its hires must fit the new date's
 * stock. Checked under the same locks as a new booking's hires; the holding
 * change the caller then writes counts them on the new date (`hiredOn`) until
 * it is applied or released, as it holds the date's spots. A move within the
 * booking's own date takes no more gear.
 */
export async function holdGearForMove(
  tx: DB,
  booking: { id: string; selectedDate: string },
  toDate: string,
): Promise<void> {
  if (toDate === booking.selectedDate) return;
  const rows = await tx.select().from(bookingGear).where(eq(bookingGear.bookingId, booking.id));
  if (!rows.length) return;
  await holdGearStock(tx, toDate, gearDemand(rows));
}

/**
 * A participant's saved sizes carried to their gear hires (ADR 40): each hire
 * of this person (per-person extras, `participant` = position) whose item
 * follows a participant size (`participantSizeField`: a wetsuit the wetsuit
 * size, fins the fin size) takes the size they gave, under the stock rule of a
 * new hire on the booking's date; a shortfall is a 409 naming the field, and
 * the caller's transaction (the participant's save) rolls back whole. A blank
 * size leaves the hire as booked.
 */
export async function followParticipantSizes(
  tx: DB,
  booking: Pick<BookingRow, "id" | "selectedDate" | "holdsSpots">,
  position: number,
  sizes: Record<ParticipantSizeField, string>,
): Promise<void> {
  const hires = await tx
    .select({
      id: bookingGear.id,
      gearItemId: bookingGear.gearItemId,
      size: bookingGear.size,
      quantity: bookingGear.quantity,
      name: gearItems.name,
    })
    .from(bookingGear)
    .innerJoin(gearItems, eq(gearItems.id, bookingGear.gearItemId))
    .where(and(eq(bookingGear.bookingId, booking.id), eq(bookingGear.participant, position)));
  const changed = hires.flatMap((h) => {
    const field = participantSizeField(h.name);
    const size = field ? sizes[field] : "";
    return field && size && size !== h.size ? [{ ...h, size, field }] : [];
  });
  if (!changed.length) return;
  // A booking that holds no spots hires nothing on its date; its hires only follow the size.
  if (booking.holdsSpots) {
    const fieldOf = new Map(changed.map((c) => [c.gearItemId, c.field]));
    await holdGearStock(
      tx,
      booking.selectedDate,
      gearDemand(changed).map((d) => ({ ...d, field: fieldOf.get(d.gearItemId) })),
    );
  }
  for (const c of changed) await tx.update(bookingGear).set({ size: c.size }).where(eq(bookingGear.id, c.id));
}

/**
 * Units of an item and size out on a date: hired by bookings on that date
 * that hold their spots, and by bookings on another date with a change
 * holding spots on it (a move waiting for its payment keeps its gear there too).
 */
async function hiredOn(tx: DB, date: string, gearItemId: string, size: string): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`coalesce(sum(${bookingGear.quantity}), 0)::int` })
    .from(bookingGear)
    .innerJoin(bookings, eq(bookings.id, bookingGear.bookingId))
    .where(and(eq(bookingGear.gearItemId, gearItemId), eq(bookingGear.size, size), outOnDate(date)));
  return Number(r?.n ?? 0);
}

/** The hires that count against a date's stock (`hiredOn`'s rule, for one item or all of them). */
function outOnDate(date: string) {
  return or(
    and(eq(bookings.selectedDate, date), eq(bookings.holdsSpots, true)),
    and(
      ne(bookings.selectedDate, date),
      sql`exists (select 1 from ${bookingChanges} where ${bookingChanges.bookingId} = ${bookings.id}
        and ${bookingChanges.status} = 'holding' and ${bookingChanges.toDate} = ${date})`,
    ),
  );
}

/** Every item and size out on a date, counted as the stock check counts them: the gear screen's day view. */
export async function gearHiredOn(db: DB, date: string) {
  return db
    .select({
      gear_item_id: bookingGear.gearItemId,
      size: bookingGear.size,
      hired: sql<number>`sum(${bookingGear.quantity})::int`,
    })
    .from(bookingGear)
    .innerJoin(bookings, eq(bookings.id, bookingGear.bookingId))
    .where(outOnDate(date))
    .groupBy(bookingGear.gearItemId, bookingGear.size);
}

/**
 * A booking's extras in cents, as SQL over its row (`extrasCents` of
 * app/lib/price-lines for many bookings at once): the sum of its extra lines,
 * 0 for a booking without. The revenue figures that show extras as their own
 * part add this up.
 */
export const extrasCentsSql = sql<number>`coalesce((select sum((l->>'total_cents')::int)
  from jsonb_array_elements(${bookings.priceLines}) as l where l->>'kind' = 'extra'), 0)`;

/** The gear to pack per departure, per item and size: the manifest's packing list. */
export async function gearToPack(db: DB, availabilityId: string) {
  return db
    .select({
      name: gearItems.name,
      size: bookingGear.size,
      quantity: sql<number>`sum(${bookingGear.quantity})::int`,
    })
    .from(bookingGear)
    .innerJoin(bookings, eq(bookings.id, bookingGear.bookingId))
    .innerJoin(gearItems, eq(gearItems.id, bookingGear.gearItemId))
    .where(and(eq(bookings.availabilityId, availabilityId), eq(bookings.holdsSpots, true)))
    .groupBy(gearItems.name, bookingGear.size)
    .orderBy(asc(gearItems.name), asc(bookingGear.size));
}

/** One gear item of one of a booking's extras and the sizes hired, person by person. */
export interface GearSizes {
  extraId: string | null;
  name: string;
  sizes: string[];
}

/** A booking's hired sizes per extra and item, in participant order: what its manage page lists under each extra. */
export async function bookingGearSizes(db: DB, bookingId: string): Promise<GearSizes[]> {
  const rows = await db
    .select({ extraId: bookingGear.extraId, name: gearItems.name, size: bookingGear.size })
    .from(bookingGear)
    .innerJoin(gearItems, eq(gearItems.id, bookingGear.gearItemId))
    .where(eq(bookingGear.bookingId, bookingId))
    .orderBy(asc(bookingGear.extraId), asc(gearItems.name), asc(bookingGear.participant));
  const out: GearSizes[] = [];
  for (const r of rows) {
    const last = out.at(-1);
    if (last && last.extraId === r.extraId && last.name === r.name) last.sizes.push(r.size);
    else out.push({ extraId: r.extraId, name: r.name, sizes: [r.size] });
  }
  return out;
}

/** What a booking's manage page lists of its price: its lines and hired sizes, or nothing for the spec's booking. */
export async function bookingPriceView(
  db: DB,
  b: Pick<BookingRow, "id" | "priceLines" | "unitPriceCents">,
): Promise<{ lines: PriceLine[]; unitCents: number; gear: GearSizes[] } | null> {
  if (!b.priceLines.length) return null;
  return { lines: b.priceLines, unitCents: b.unitPriceCents, gear: await bookingGearSizes(db, b.id) };
}

/**
 * A booking's extras as the form sends them (count and the sizes hired, person
 * by person): the form filled in again after a cancelled checkout. None for a
 * booking without extra lines.
 */
export async function bookedExtras(
  db: DB,
  b: Pick<BookingRow, "id" | "priceLines">,
): Promise<ExtraChoice[] | undefined> {
  const lines = b.priceLines.filter((l) => l.kind === "extra");
  if (!lines.length) return undefined;
  const hires = await db
    .select({ extraId: bookingGear.extraId, gearItemId: bookingGear.gearItemId, size: bookingGear.size })
    .from(bookingGear)
    .where(eq(bookingGear.bookingId, b.id))
    .orderBy(asc(bookingGear.participant));
  return lines.map((l) => {
    const sizes: Record<string, string[]> = {};
    for (const h of hires.filter((x) => x.extraId === l.ref_id)) {
      sizes[h.gearItemId] = [...(sizes[h.gearItemId] ?? []), h.size];
    }
    return { extra_id: l.ref_id, quantity: l.quantity, ...(Object.keys(sizes).length ? { sizes } : {}) };
  });
}

/**
 * What is left of each size of the adventure's gear on a date, counted with
 * the stock rule's own count (`hiredOn`): the booking form marks a size all
 * hired out before the customer picks it. Numbers only, nothing of who hired
 * them. The booking's own check under the locks stays the one that decides.
 */
export async function gearLeftOn(db: DB, adventureId: string, date: string): Promise<GearLeft | null> {
  const [adventure] = await db
    .select({ id: adventures.id })
    .from(adventures)
    .where(and(eq(adventures.id, adventureId), eq(adventures.isActive, true)));
  if (!adventure) return null;
  const itemIds = [
    ...new Set((await loadExtraDefs(db, adventureId)).flatMap((d) => d.gear.map((g) => g.id))),
  ];
  if (!itemIds.length) return {};
  const stock = await db.select().from(gearStock).where(inArray(gearStock.gearItemId, itemIds));
  const left: GearLeft = {};
  for (const s of stock) {
    const hired = await hiredOn(db, date, s.gearItemId, s.size);
    left[s.gearItemId] = { ...left[s.gearItemId], [s.size]: Math.max(0, s.quantity - hired) };
  }
  return left;
}
