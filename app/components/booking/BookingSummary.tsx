import { Calendar, Check, Clock, Users } from "lucide-react";
import { formatDateAU } from "../../lib/dates";
import { startTimeText } from "../../lib/departure";
import { peopleText } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import { hasCategoryLines, type PriceLine, priceLineRow } from "../../lib/price-lines";
import type { PromoCheck } from "../../lib/promo";
import type { VoucherCheck } from "../../lib/vouchers";
import { Img } from "../Img";
import type { BookableAdventure, BookingQuote } from "./flow-state";

interface Props {
  adventure: BookableAdventure;
  groupSize: number;
  selectedDate: string;
  /** The departure's own start time, where it has one ("" otherwise). */
  startTime: string;
  voucher: VoucherCheck | null;
  /** The applied promo code, whose discount the quote holds. */
  promo?: PromoCheck | null;
  quote: BookingQuote;
  /** The free-cancellation sentence for the chosen date ("" before one is chosen). */
  policy: string;
  /** The booking's price lines (people by category, extras); without category lines the price per person leads. */
  lines?: readonly PriceLine[];
}

/** The Booking Summary beside the details form: the adventure, the choices, the total and the cancellation deadline. */
export function BookingSummary({
  adventure,
  groupSize,
  selectedDate,
  startTime,
  voucher,
  promo = null,
  quote,
  policy,
  lines = [],
}: Props) {
  return (
    <aside aria-labelledby="summary" className="lg:sticky lg:top-28 lg:self-start">
      <div className="card">
        <div className="aspect-[16/9] bg-ocean-100">
          <Img
            src={adventure.image}
            alt={adventure.image_alt}
            sizes="22rem"
            className="size-full object-cover"
          />
        </div>
        <div className="space-y-4 p-5">
          <h2 id="summary" className="text-xl font-semibold">
            Booking Summary
          </h2>
          <div>
            <p className="font-semibold text-ocean-900">{adventure.title}</p>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
              <span className="inline-flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden="true" /> {adventure.duration}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <Users className="size-4" aria-hidden="true" /> {adventure.groupSize}
              </span>
            </p>
          </div>
          <dl className="space-y-2 border-t border-slate-200 pt-4 text-sm">
            {hasCategoryLines(lines) ? null : (
              <Row label="Price per person" value={formatMoney(quote.pricePerPersonCents, quote.currency)} />
            )}
            {lines.map((l) => {
              const [label, amount] = priceLineRow(l, quote.currency);
              return <Row key={`${l.kind}:${l.ref_id}`} label={label} value={amount} />;
            })}
            <Row label="Group size" value={peopleText(groupSize)} />
            <Row label="Date" value={selectedDate ? formatDateAU(selectedDate) : "Not selected"} />
            {startTime ? <Row label="Departure" value={startTimeText(startTime)} /> : null}
            {quote.promoCents ? (
              <>
                <Row
                  label="Subtotal"
                  value={formatMoney(quote.totalCents + quote.promoCents, quote.currency, true)}
                />
                <div className="flex justify-between gap-4" data-testid="promo-deduction">
                  <dt className="text-slate-600">Promo code {promo?.code}</dt>
                  <dd className="text-right font-medium text-reef-700">
                    −{formatMoney(quote.promoCents, quote.currency, true)}
                  </dd>
                </div>
              </>
            ) : null}
            {quote.voucherCents ? (
              <div className="flex justify-between gap-4" data-testid="voucher-deduction">
                <dt className="text-slate-600">Voucher {voucher?.code}</dt>
                <dd className="text-right font-medium text-reef-700">
                  −{formatMoney(quote.voucherCents, quote.currency)}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="flex items-baseline justify-between border-t border-slate-200 pt-4">
            <span className="font-semibold text-ocean-900">Total</span>
            <span className="text-2xl font-semibold text-ocean-900" data-testid="booking-total">
              {formatMoney(quote.dueCents, quote.currency)}
            </span>
          </div>
          {policy ? (
            <p className="flex items-start gap-2 rounded-xl bg-reef-50 px-3 py-2 text-sm text-reef-700">
              <Check className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {policy}
            </p>
          ) : (
            <p className="flex items-start gap-2 text-sm text-slate-500">
              <Calendar className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Choose a date to see your free-cancellation deadline.
            </p>
          )}
        </div>
      </div>
    </aside>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}
