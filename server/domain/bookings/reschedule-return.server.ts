import { and, eq, gt, isNull } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { bookingChanges, bookings } from "../../db/schema.ts";
import { mintBookingLink, SUCCESS_LINK_WINDOW_MS } from "./booking-links.server.ts";

/**
 * The link the return page of a date change's checkout sends the customer to,
 * or null. Its address carries the checkout session id too, so the same rule
 * as the success page holds, per change: at most one link (the first return),
 * within SUCCESS_LINK_WINDOW_MS of asking for the change, never once the
 * operator has revoked the booking's links. It takes the success page's
 * channel: the device that paid holds the booking's one browser link.
 */
export async function changeReturnLink(db: DB, changeId: string, at: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(bookingChanges)
      .set({ returnLinkAt: at })
      .where(
        and(
          eq(bookingChanges.id, changeId),
          isNull(bookingChanges.returnLinkAt),
          gt(bookingChanges.createdAt, new Date(at.getTime() - SUCCESS_LINK_WINDOW_MS)),
        ),
      )
      .returning({ bookingId: bookingChanges.bookingId });
    if (!claimed) return null;
    const [booking] = await tx
      .select({ revokedAt: bookings.linksRevokedAt })
      .from(bookings)
      .where(eq(bookings.id, claimed.bookingId));
    if (!booking || booking.revokedAt) return null;
    return `/my-booking/${await mintBookingLink(tx, claimed.bookingId, "success_page", at)}`;
  });
}
