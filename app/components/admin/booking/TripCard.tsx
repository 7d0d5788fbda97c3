import type { ReactNode } from "react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { departureText } from "../../../lib/departure";
import { formatDollars } from "../../../lib/money";
import { priceLineRow } from "../../../lib/price-lines";
import { BookingStatusBadge, PaymentBadge, ReadinessBadge } from "../status";
import type { AdminBooking } from "../types";
import { Card } from "../ui";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </>
  );
}

/** The trip at a glance: adventure, date, group, status, reference and money. */
export function TripCard({
  booking: b,
  promo = null,
}: {
  booking: AdminBooking;
  promo?: { code: string; discount: number; subtotal: number } | null;
}) {
  const money = (amount: number) => formatDollars(amount, b.currency);
  return (
    <Card title="Trip">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2.5 text-sm" data-testid="booking-trip">
        <Row label="Reference">
          <span className="font-mono text-xs font-semibold text-ocean-900">{b.reference}</span>
        </Row>
        <Row label="Adventure">{b.adventure_title}</Row>
        <Row label="Date">{departureText(b.selected_date, b.start_time, "full")}</Row>
        <Row label="Group size">{`${b.group_size} ${b.group_size === 1 ? "person" : "people"}`}</Row>
        {(b.price_lines ?? []).map((l) => {
          const [label, amount] = priceLineRow(l, b.currency);
          return (
            <Row key={`${l.kind}:${l.ref_id}`} label={label}>
              <span data-testid="admin-price-line">{amount}</span>
            </Row>
          );
        })}
        {promo ? (
          <>
            <Row label="Subtotal">{money(promo.subtotal)}</Row>
            <Row label={`Promo code ${promo.code}`}>
              <span data-testid="admin-promo-discount">-{money(promo.discount)}</span>
            </Row>
          </>
        ) : null}
        <Row label="Total">
          <span data-testid="admin-total">{money(b.total_amount)}</span>
        </Row>
        <Row label="Status">
          <span className="flex flex-wrap gap-1.5">
            <BookingStatusBadge status={b.booking_status} />
            <PaymentBadge status={b.payment_status} />
          </span>
        </Row>
        {b.readiness ? (
          <Row label="Readiness">
            <ReadinessBadge status={b.readiness.status} />
          </Row>
        ) : null}
        {b.voucher_amount > 0 ? <Row label="Paid by voucher">{money(b.voucher_amount)}</Row> : null}
        {b.refund_amount > 0 ? <Row label="Refunded">{money(b.refund_amount)}</Row> : null}
        <Row label="Booked">{formatDateTimeAU(b.created_at)}</Row>
      </dl>
    </Card>
  );
}
