import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import type { OperatorBooking } from "../../../../server/domain/bookings/operator-booking.server";
import { MANUAL_METHOD_LABELS, type OperatorPayment } from "../../../lib/admin-forms";
import { formatDateTimeAU } from "../../../lib/dates";
import { formatMoney } from "../../../lib/money";
import { Button, buttonClass, Card } from "..";
import { PaymentLinkField } from "../PaymentLinkField";

/** The API's answer to a console booking (a type-only import), with what the form knew. */
export type MadeBooking = OperatorBooking & {
  /** The address it went to. */
  email: string;
  currency?: string;
  payment: OperatorPayment;
};

/** What was booked, and for a payment link the link itself, to copy into a text message. */
export function BookingMade({ made, onAnother }: { made: MadeBooking; onAnother: () => void }) {
  const money = (cents: number) => formatMoney(cents, made.currency, true);
  const confirmed = made.booking_status === "confirmed";

  return (
    <Card className="mx-auto max-w-2xl">
      <div role="status" className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-reef-600" />
        <div className="min-w-0">
          <h2 className="font-display text-xl font-semibold text-ocean-900">
            {confirmed
              ? `Booking ${made.reference} confirmed`
              : `Booking ${made.reference} waits for payment`}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {confirmed
              ? `The confirmation is on its way to ${made.email}.`
              : `The payment link is on its way to ${made.email}. The spots are held until ${formatDateTimeAU(made.payment_expires_at)}.`}
            {made.opened_date ? " The date was opened for this booking." : ""}
          </p>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="text-slate-500">Total</dt>
            <dd className="font-semibold">{money(made.total_cents)}</dd>
            {made.voucher_cents ? (
              <>
                <dt className="text-slate-500">Paid by voucher</dt>
                <dd className="font-semibold">{money(made.voucher_cents)}</dd>
              </>
            ) : null}
            {made.payment === "cash" || made.payment === "bank_transfer" ? (
              <>
                <dt className="text-slate-500">Paid by {MANUAL_METHOD_LABELS[made.payment]}</dt>
                <dd className="font-semibold">{money(made.total_cents - made.voucher_cents)}</dd>
              </>
            ) : null}
            {made.amount_due_cents ? (
              <>
                <dt className="text-slate-500">{confirmed ? "To pay on the day" : "To pay by card"}</dt>
                <dd className="font-semibold">{money(made.amount_due_cents)}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>
      {made.payment_url ? (
        <div className="mt-5">
          <PaymentLinkField url={made.payment_url} />
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2">
        <Link
          to={`/admin/bookings/${encodeURIComponent(made.booking_id)}`}
          className={buttonClass("secondary")}
        >
          Open the booking
        </Link>
        <Button type="button" variant="primary" onClick={onAnother}>
          New booking
        </Button>
      </div>
    </Card>
  );
}
