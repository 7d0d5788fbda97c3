import { Send } from "lucide-react";
import { formatDateTimeAU } from "../../../lib/dates";
import { formatDollars } from "../../../lib/money";
import type { Write } from "../ParticipantEditor";
import { PaymentLinkField } from "../PaymentLinkField";
import { Button, Card } from "../ui";
import { type BookingPageView, failureDetail, type Notify } from "./types";

/** A payment link still open on the booking: its address to pass on, and its email sent once more. */
export function OpenCheckoutCard({
  bookingId,
  checkout,
  write,
  notify,
}: {
  bookingId: string;
  checkout: BookingPageView["open_checkouts"][number];
  write: Write;
  notify: Notify;
}) {
  const again = async () => {
    const res = await write<{ to: string }>(
      "POST",
      `/api/admin/bookings/${encodeURIComponent(bookingId)}/payments/${encodeURIComponent(checkout.id)}/send-link`,
    );
    if (res.ok) notify("success", `The payment link is on its way to ${res.data.to} again.`);
    else notify("error", "The link was not sent", failureDetail(res));
  };
  return (
    <Card
      title={checkout.kind === "reschedule" ? "Waiting for the change's payment" : "Waiting for payment"}
      description={`${formatDollars(checkout.amount, checkout.currency)} by card, until ${formatDateTimeAU(checkout.expires_at)}`}
    >
      <div className="space-y-3" data-testid="open-checkout">
        <PaymentLinkField url={checkout.url} />
        <Button size="sm" onClick={again}>
          <Send aria-hidden="true" className="h-4 w-4" />
          Email the link again
        </Button>
      </div>
    </Card>
  );
}
