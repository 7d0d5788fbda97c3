import { formatDollars } from "../../../lib/money";
import type { RefundPreview } from "../types";
import { Alert } from "../ui";

/** The refund a cancellation would send, while the confirm dialog is open: worked out, failed, or on its way. */
export function RefundSummary({
  preview,
  previewError,
}: {
  preview: RefundPreview | null;
  previewError: string;
}) {
  if (previewError) return <Alert tone="error">{previewError}</Alert>;
  const p = preview;
  if (!p) return <p className="text-slate-500">Working out the refund…</p>;
  if (!p.paid)
    return (
      <p className="rounded-xl bg-slate-50 px-3 py-2 text-slate-700">
        No payment was taken, so there is nothing to refund.
      </p>
    );
  const days =
    p.days_before_trip < 0
      ? "the trip date has passed"
      : p.days_before_trip === 0
        ? "the trip is today"
        : `${p.days_before_trip} day${p.days_before_trip === 1 ? "" : "s"} before the trip`;
  return (
    <div className="rounded-xl bg-sand-50 px-3 py-2.5 text-slate-700" data-testid="refund-preview">
      <p>
        Paid {formatDollars(p.paid_amount, p.currency)}; {days}.
      </p>
      <p className="mt-1 font-semibold text-ocean-900">
        Refund under the cancellation policy: {p.refund_percent}% ={" "}
        {formatDollars(p.refund_amount, p.currency)}
      </p>
      {p.already_refunded > 0 ? (
        <p className="mt-1 text-xs">Already refunded: {formatDollars(p.already_refunded, p.currency)}</p>
      ) : null}
    </div>
  );
}
