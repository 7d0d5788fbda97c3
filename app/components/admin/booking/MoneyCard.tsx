import { Undo2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { MANUAL_METHOD_LABELS, type ManualMethod, REFUND_REASON_MAX } from "../../../lib/admin-forms";
import { formatDollars } from "../../../lib/money";
import type { Write } from "../ParticipantEditor";
import { PaymentBadge } from "../status";
import { Badge, type BadgeTone, Button, Card, TextAreaField, TextField } from "../ui";
import { type BookingPageView, failureDetail, type Notify } from "./types";

const KIND_LABELS: Record<string, string> = {
  booking: "Booking",
  custom: "Custom payment",
  reschedule: "Date change",
  voucher: "Gift voucher",
};
const REASON_LABELS: Record<string, string> = {
  cancellation: "Cancellation",
  late_payment: "Late payment",
  provider: "Payment provider",
  reschedule: "Date change",
  operator: "Operator refund",
};
const REFUND_STATES: Record<string, [string, BadgeTone]> = {
  pending: ["On its way", "amber"],
  succeeded: ["Refunded", "green"],
  failed: ["Failed", "red"],
  canceled: ["Replaced", "slate"],
};
const VOUCHER_KINDS: Record<string, string> = {
  redeem: "Paid with voucher",
  restore: "Put back on voucher",
  issue: "Issued",
  adjust: "Adjusted",
};

const Empty = ({ children }: { children: string }) => <p className="text-sm text-slate-500">{children}</p>;

/** A small heading inside the money card, between its lists. */
const Sub = ({ children }: { children: string }) => (
  <h3 className="mb-2 font-sans text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h3>
);

/**
 * What was paid and what went back: the booking's payments, refunds and
 * voucher use, and the form for a refund of a chosen amount. The form's
 * request key is made when the form is shown and kept until a refund goes
 * through, so sending it twice (a double click, a retry) refunds once.
 */
export function MoneyCard({ view, write, notify }: { view: BookingPageView; write: Write; notify: Notify }) {
  const { booking } = view;
  const currency = booking.currency;
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const refund = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    const res = await write<{ refund_amount: number; refund_status: string }>(
      "POST",
      `/api/admin/bookings/${encodeURIComponent(booking.id)}/refunds`,
      { amount, reason, request_key: requestKey },
    );
    setSending(false);
    if (res.ok) {
      setAmount("");
      setReason("");
      setErrors({});
      setRequestKey(crypto.randomUUID());
      const money = formatDollars(res.data.refund_amount, currency);
      notify(
        "success",
        res.data.refund_status === "succeeded"
          ? `A refund of ${money} was sent to the customer's card.`
          : `A refund of ${money} is on its way; it is retried automatically until the provider takes it.`,
      );
    } else {
      setErrors(res.errors);
      notify("error", "The refund was not made", failureDetail(res));
    }
  };

  return (
    <Card title="Payments and refunds" description={`Total ${formatDollars(booking.total_amount, currency)}`}>
      <div className="space-y-6">
        <section aria-label="Payments">
          <Sub>Payments</Sub>
          {view.payments.length ? (
            <ul
              className="divide-y divide-slate-100 rounded-xl border border-slate-200"
              data-testid="booking-payments"
            >
              {view.payments.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 text-sm"
                >
                  <div>
                    <p className="font-medium text-ocean-900">
                      {KIND_LABELS[p.kind] ?? p.kind}
                      {p.method === "card"
                        ? ""
                        : ` · ${MANUAL_METHOD_LABELS[p.method as ManualMethod] ?? p.method}`}
                    </p>
                    <p className="text-xs text-slate-500">
                      {p.paid_at
                        ? `Paid ${formatDateTimeAU(p.paid_at)}`
                        : `Opened ${formatDateTimeAU(p.created_at)}`}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className="font-semibold tabular-nums">{formatDollars(p.amount, p.currency)}</span>
                    <PaymentBadge status={p.payment_status} />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No card payments.</Empty>
          )}
        </section>

        {view.vouchers.length ? (
          <section aria-label="Voucher use">
            <Sub>Voucher use</Sub>
            <ul className="space-y-1.5 text-sm">
              {view.vouchers.map((v) => (
                <li key={v.id} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {VOUCHER_KINDS[v.kind] ?? v.kind}{" "}
                    <span className="font-mono text-xs">…{v.code_suffix}</span>
                    <span className="block text-xs text-slate-500">{formatDateTimeAU(v.created_at)}</span>
                  </span>
                  <span className="font-semibold tabular-nums">
                    {formatDollars(Math.abs(v.amount), currency)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-label="Refunds">
          <Sub>Refunds</Sub>
          {view.refunds.length ? (
            <ul
              className="divide-y divide-slate-100 rounded-xl border border-slate-200"
              data-testid="booking-refunds"
            >
              {view.refunds.map((r) => (
                <li key={r.id} className="px-3 py-2.5 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium text-ocean-900">{REASON_LABELS[r.reason] ?? r.reason}</p>
                    <div className="flex items-center gap-2">
                      <span className="font-semibold tabular-nums">
                        {formatDollars(r.amount, r.currency)}
                      </span>
                      <Badge tone={(REFUND_STATES[r.status] ?? [])[1] ?? "slate"}>
                        {(REFUND_STATES[r.status] ?? [])[0] ?? r.status}
                      </Badge>
                    </div>
                  </div>
                  {r.note ? <p className="mt-1 text-slate-700">{r.note}</p> : null}
                  <p className="mt-0.5 text-xs text-slate-500">
                    {formatDateTimeAU(r.created_at)}
                    {r.failure_reason ? ` · ${r.failure_reason}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No refunds.</Empty>
          )}
        </section>

        <form
          onSubmit={refund}
          noValidate
          aria-label="Refund an amount"
          className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset sm:p-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-sans text-sm font-semibold text-ocean-900">Refund an amount</h3>
            <p className="text-xs text-slate-600" data-testid="refundable">
              {formatDollars(view.refundable, currency)} left to refund
            </p>
          </div>
          <p className="mt-1 text-xs text-slate-500">
            The booking keeps its status; to cancel it, use the bookings list.
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr]">
            <TextField
              label="Amount ($)"
              name="amount"
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
              required
              value={amount}
              error={errors.amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <TextAreaField
              label="Reason"
              name="reason"
              required
              rows={2}
              maxLength={REFUND_REASON_MAX}
              value={reason}
              error={errors.reason}
              hint="Kept with the refund for the records."
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <Button
            type="submit"
            variant="danger"
            size="sm"
            className="mt-3"
            busy={sending}
            disabled={view.refundable <= 0 || !amount.trim() || !reason.trim()}
          >
            <Undo2 aria-hidden="true" className="h-4 w-4" />
            Refund
          </Button>
        </form>
      </div>
    </Card>
  );
}
