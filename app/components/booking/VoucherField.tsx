import { Ticket } from "lucide-react";
import { useId, useState } from "react";
import { requestJson } from "../../lib/api";
import { formatMoney } from "../../lib/money";
import type { VoucherCheck } from "../../lib/vouchers";
import type { BookingQuote } from "./flow-state";

interface Props {
  code: string;
  onCodeChange: (code: string) => void;
  /** The code the check accepted (null until then, and again after the code changes). */
  applied: VoucherCheck | null;
  onApplied: (check: VoucherCheck | null) => void;
  /** The server's message for the code, after a form post without JavaScript. */
  serverError?: string;
  /** The total and the applied voucher's share of it (the summary's own numbers). */
  quote: Pick<BookingQuote, "voucherCents" | "voucherLeftCents" | "paidByVoucher">;
  /** The booking's currency: a voucher pays only a booking in its own. */
  currency: string;
}

/**
 * "Have a voucher?": a collapsed disclosure under the booking form's own
 * fields. Without JavaScript it is a native <details> whose field is posted
 * with the form; with it, Apply asks the server for the code's balance and
 * the summary shows the deduction. The server decides again when booking.
 */
export function VoucherField({
  code,
  onCodeChange,
  applied,
  onApplied,
  serverError,
  quote,
  currency,
}: Props) {
  const inputId = useId();
  const messageId = useId();
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState(serverError ?? "");
  // Open from the start when there is a code or a message to show; after that the visitor decides
  // (a prop that changed with the code would close the disclosure while they retype it).
  const [initiallyOpen] = useState(Boolean(code || serverError));

  async function apply() {
    if (!code.trim()) {
      setError("Enter a voucher code");
      return;
    }
    setChecking(true);
    setError("");
    const result = await requestJson<VoucherCheck>("POST", "/api/vouchers/check", { code, currency });
    setChecking(false);
    if (result.ok) {
      onApplied(result.data);
      onCodeChange(result.data.code);
      return;
    }
    onApplied(null);
    setError(
      result.errors.code ?? (result.status === 429 ? result.detail : "The voucher could not be checked"),
    );
  }

  return (
    <details className="group rounded-xl border border-slate-200 bg-white" open={initiallyOpen}>
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-semibold text-reef-700 [&::-webkit-details-marker]:hidden">
        <Ticket className="size-4" aria-hidden="true" />
        Have a voucher?
        <span className="ml-auto text-xs font-normal text-slate-500 group-open:hidden">Optional</span>
      </summary>
      <div className="border-t border-slate-100 px-4 pt-3 pb-4">
        <label htmlFor={inputId} className="field-label">
          Voucher code
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            className="field font-mono uppercase"
            name="voucherCode"
            autoComplete="off"
            spellCheck={false}
            placeholder="TW-XXXX-XXXX"
            value={code}
            aria-describedby={messageId}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              onCodeChange(e.target.value);
              if (applied) onApplied(null);
              setError("");
            }}
            onKeyDown={(e) => {
              // Enter applies the code rather than submitting the booking.
              if (e.key === "Enter") {
                e.preventDefault();
                apply();
              }
            }}
          />
          <button type="button" className="btn-secondary shrink-0 px-4" onClick={apply} disabled={checking}>
            {checking ? "Checking..." : "Apply"}
          </button>
        </div>
        <p id={messageId} className="mt-1.5 text-sm" aria-live="polite">
          {error ? (
            <span className="font-medium text-coral-700" data-testid="voucher-error">
              {error}
            </span>
          ) : applied ? (
            <span className="text-reef-700" data-testid="voucher-applied">
              {quote.paidByVoucher
                ? "Voucher applied: it covers the whole total, no card payment needed."
                : `Voucher applied: ${formatMoney(quote.voucherCents, applied.currency, true)} off.`}{" "}
              <span data-testid="voucher-left">
                Left on the voucher after this booking:{" "}
                {formatMoney(quote.voucherLeftCents, applied.currency, true)}.
              </span>
            </span>
          ) : (
            <span className="text-slate-500">
              The voucher pays as much of the total as its balance covers.
            </span>
          )}
        </p>
      </div>
    </details>
  );
}
