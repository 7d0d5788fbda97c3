import { CreditCard } from "lucide-react";
import { customTotal } from "../../lib/booking";
import { CURRENCIES, currencyCode } from "../../lib/currency";
import { Field } from "./FlowParts";
import type { BookingFlowModel } from "./useBookingFlow";

/** Custom Payment: an agreed amount in a currency of the visitor's choice, times a quantity, paid at the checkout. */
export function CustomPaymentForm({ flow }: { flow: BookingFlowModel }) {
  const { state, dispatch } = flow;
  const { amount, currency, quantity } = state.custom;
  const set = (patch: Partial<typeof state.custom>) => dispatch({ kind: "custom", patch });
  return (
    <section aria-labelledby="custom" className="max-w-xl">
      <form onSubmit={flow.submitCustom} noValidate className="card space-y-5 p-6">
        <h2 id="custom" className="text-2xl font-semibold">
          Custom Payment Details
        </h2>
        <p className="text-sm text-slate-600">
          Paying a deposit, a balance or an extra we agreed on? Enter the amount and you will be taken to our
          secure checkout.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Amount" required>
            <input
              className="field"
              type="number"
              name="amount"
              min={1}
              step={0.01}
              inputMode="decimal"
              value={amount}
              onChange={(e) => set({ amount: e.target.value })}
            />
          </Field>
          <Field label="Currency">
            <select
              className="field"
              name="currency"
              value={currency}
              onChange={(e) => set({ currency: e.target.value })}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {currencyCode(c)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Quantity">
            <input
              className="field"
              type="number"
              name="quantity"
              min={1}
              step={1}
              value={quantity}
              onChange={(e) => set({ quantity: Math.max(1, Math.floor(Number(e.target.value)) || 1) })}
            />
          </Field>
          <div className="flex flex-col justify-end">
            <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm">
              <span className="block text-slate-500">Total</span>
              <span className="text-xl font-semibold text-ocean-900" data-testid="custom-total">
                {currencyCode(currency)} {customTotal(Number.parseFloat(amount) || 0, quantity)}
              </span>
            </p>
          </div>
        </div>
        <button
          type="submit"
          className="btn-primary w-full py-3.5 text-base"
          disabled={state.processing || !amount}
        >
          <CreditCard className="size-4" aria-hidden="true" />
          {state.processing ? "Processing..." : "Continue to Payment"}
        </button>
      </form>
    </section>
  );
}
