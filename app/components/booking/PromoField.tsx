import { BadgePercent } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { requestJson } from "../../lib/api";
import type { ExtraChoice } from "../../lib/extras";
import { formatMoney } from "../../lib/money";
import type { CategoryCounts } from "../../lib/price-categories";
import type { PromoCheck } from "../../lib/promo";

/** The booking the code is checked against: the server prices it as the booking would be priced. */
export interface PromoTarget {
  adventureId: string;
  selectedDate: string;
  startTime: string;
  groupSize: number;
  email: string;
  /** The subtotal the page shows: a change of it asks the server again. */
  subtotalCents: number;
  /** The counts per price category, for an adventure booked by category. */
  categories?: CategoryCounts;
  /** The extras chosen, for an adventure that sells them. */
  extras?: ExtraChoice[];
}

interface Props {
  code: string;
  onCodeChange: (code: string) => void;
  /** The check the server answered for this code and booking (null until then, or when refused). */
  applied: PromoCheck | null;
  onApplied: (check: PromoCheck | null) => void;
  /** The server's message for the code, after a form post without JavaScript or a refused booking. */
  serverError?: string;
  target: PromoTarget;
  currency: string;
}

/**
 * "Promo code": a native field of the booking form, posted with it (without
 * JavaScript the page's action applies it and answers any refusal under the
 * field). With JavaScript, Apply asks the server what the code takes off this
 * booking and the summary shows the discount line and the new total; a change
 * of group or date asks again. The server decides again when booking.
 */
export function PromoField({ code, onCodeChange, applied, onApplied, serverError, target, currency }: Props) {
  const inputId = useId();
  const messageId = useId();
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState(serverError ?? "");
  const appliedCode = useRef<string | null>(null);

  async function check(text: string) {
    if (!text.trim()) {
      setError("Enter a promo code");
      return;
    }
    setChecking(true);
    setError("");
    const result = await requestJson<PromoCheck>("POST", "/api/promo-codes/check", {
      code: text,
      adventure_id: target.adventureId,
      selected_date: target.selectedDate,
      start_time: target.startTime,
      group_size: target.groupSize,
      customer_email: target.email,
      // The server prices the categories and extras onto the subtotal it will charge.
      ...(target.categories ? { categories: target.categories } : {}),
      ...(target.extras ? { extras: target.extras } : {}),
    });
    setChecking(false);
    if (result.ok) {
      appliedCode.current = result.data.code;
      onApplied(result.data);
      onCodeChange(result.data.code);
      return;
    }
    appliedCode.current = null;
    onApplied(null);
    setError(
      result.errors.promo_code ??
        result.errors.code ??
        (result.status === 429 ? result.detail : "The promo code could not be checked"),
    );
  }

  // Another group, date or departure: the discount is the server's to work out again.
  const { adventureId, selectedDate, startTime, groupSize, subtotalCents } = target;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the booking's shape is what triggers a new check
  useEffect(() => {
    if (appliedCode.current) check(appliedCode.current);
  }, [adventureId, selectedDate, startTime, groupSize, subtotalCents]);

  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 pt-3 pb-4">
      <label htmlFor={inputId} className="field-label inline-flex items-center gap-2">
        <BadgePercent className="size-4 text-reef-700" aria-hidden="true" />
        Promo code <span className="text-xs font-normal text-slate-500">(optional)</span>
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          className="field font-mono uppercase"
          name="promoCode"
          autoComplete="off"
          spellCheck={false}
          value={code}
          aria-describedby={messageId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            onCodeChange(e.target.value);
            if (applied) onApplied(null);
            appliedCode.current = null;
            setError("");
          }}
          onKeyDown={(e) => {
            // Enter applies the code rather than submitting the booking.
            if (e.key === "Enter") {
              e.preventDefault();
              check(code);
            }
          }}
        />
        <button
          type="button"
          className="btn-secondary shrink-0 px-4"
          onClick={() => check(code)}
          disabled={checking}
        >
          {checking ? "Checking..." : "Use code"}
        </button>
      </div>
      <p id={messageId} className="mt-1.5 text-sm" aria-live="polite">
        {error ? (
          <span className="font-medium text-coral-700" data-testid="promo-error">
            {error}
          </span>
        ) : applied ? (
          <span className="text-reef-700" data-testid="promo-applied">
            {applied.code} applied: {formatMoney(applied.discount_cents, currency, true)} off.
          </span>
        ) : (
          <span className="text-slate-500">One code per booking.</span>
        )}
      </p>
    </div>
  );
}
