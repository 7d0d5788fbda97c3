/**
 * Whether a booking is waiting on a weather cancellation: its date was called
 * off and it has not answered yet. While it waits, any cancellation refunds
 * it in full (the policy's weather rule) and its date moves only free of
 * charge, from the weather page.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { type BookingRow, weatherCancellations, weatherOffers } from "../../db/schema.ts";

export async function calledOffForWeather(
  db: DB,
  b: Pick<BookingRow, "id" | "selectedDate">,
): Promise<boolean> {
  const [row] = await db
    .select({ id: weatherOffers.id })
    .from(weatherOffers)
    .innerJoin(weatherCancellations, eq(weatherCancellations.id, weatherOffers.cancellationId))
    .where(
      and(
        eq(weatherOffers.bookingId, b.id),
        isNull(weatherOffers.choice),
        eq(weatherCancellations.date, b.selectedDate),
      ),
    )
    .limit(1);
  return row !== undefined;
}
