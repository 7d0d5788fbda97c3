import { Lock } from "lucide-react";
import { bookingCutoffText } from "../../lib/booking-window";
import { departureText, startTimeText } from "../../lib/departure";
import { peopleText } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import { CategoryCountsField } from "./CategoryCountsField";
import { DepartureChoice } from "./DepartureChoice";
import { ExtrasField } from "./ExtrasField";
import { Field, StepHeading } from "./FlowParts";
import { type BookableAdventure, dateOptionStatus } from "./flow-state";
import { PromoField } from "./PromoField";
import type { BookingFlowModel } from "./useBookingFlow";
import { VoucherField } from "./VoucherField";

interface Props {
  flow: BookingFlowModel;
  adventure: BookableAdventure;
}

/**
 * Step 2, the visitor's details: name, contact, group size, date, special
 * requirements and a voucher, with the total on small screens. With
 * JavaScript the script posts to the API; without it the browser posts here
 * to the page's action.
 */
export function BookingDetailsForm({ flow, adventure }: Props) {
  const { state, dispatch, dates, choices, quote, set } = flow;
  const { form, fieldErrors } = state;
  return (
    <form
      ref={flow.detailsForm}
      method="post"
      action={`/book?adventure=${encodeURIComponent(adventure.id)}`}
      onSubmit={flow.submitBooking}
      noValidate
      className="space-y-6"
    >
      <StepHeading id="step-2" n={2} title="Your Details" headingRef={flow.detailsRef} />
      <input type="hidden" name="adventureId" value={adventure.id} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First Name" required error={fieldErrors.customerFirstName}>
          <input
            className="field"
            name="customerFirstName"
            autoComplete="given-name"
            required
            value={form.customerFirstName}
            onChange={set("customerFirstName")}
          />
        </Field>
        <Field label="Last Name" required error={fieldErrors.customerLastName}>
          <input
            className="field"
            name="customerLastName"
            autoComplete="family-name"
            required
            value={form.customerLastName}
            onChange={set("customerLastName")}
          />
        </Field>
        <Field label="Email" required error={fieldErrors.customerEmail}>
          <input
            className="field"
            type="email"
            name="customerEmail"
            autoComplete="email"
            required
            value={form.customerEmail}
            onChange={set("customerEmail")}
          />
        </Field>
        <Field label="Phone" error={fieldErrors.customerPhone}>
          <input
            className="field"
            type="tel"
            name="customerPhone"
            autoComplete="tel"
            value={form.customerPhone}
            onChange={set("customerPhone")}
          />
        </Field>
        {flow.categories.byCategory ? (
          <CategoryCountsField
            categories={flow.categories.categories}
            counts={flow.categories.counts}
            onChange={flow.categories.setCount}
            currency={quote.currency}
            error={fieldErrors.groupSize ?? fieldErrors.categories}
          />
        ) : (
          <Field label="Group Size" error={fieldErrors.groupSize}>
            <select className="field" name="groupSize" value={form.groupSize} onChange={set("groupSize")}>
              {choices.map((n) => (
                <option key={n} value={n}>
                  {peopleText(n)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field
          label="Date"
          required
          error={fieldErrors.selectedDate}
          hint={
            dates.loading
              ? "Loading dates..."
              : dates.list.length === 0
                ? "No dates are open for this adventure right now. Please contact us."
                : // The cut-off the date list and the server both apply (app/lib/booking-window.ts).
                  (bookingCutoffText(adventure.booking_cutoff_hours ?? null) ?? undefined)
          }
        >
          <select
            className="field"
            name="selectedDate"
            required
            value={form.selectedDate}
            onChange={set("selectedDate")}
            disabled={dates.loading}
          >
            <option value="">Select a date</option>
            {dates.list.map((d) => (
              <option key={d.date} value={d.date} disabled={!d.available}>
                {d.display}
                {d.start_time ? `, ${startTimeText(d.start_time)}` : ""} — {dateOptionStatus(d)}
              </option>
            ))}
          </select>
        </Field>
        {flow.date?.departures ? (
          <DepartureChoice
            departures={flow.date.departures}
            value={form.startTime}
            onChange={set("startTime")}
            error={fieldErrors.startTime}
            currency={quote.currency}
          />
        ) : null}
        {flow.extras.offered ? (
          <ExtrasField
            extras={flow.extras}
            left={flow.gearLeft}
            people={flow.groupSize}
            currency={quote.currency}
            error={fieldErrors.extras}
          />
        ) : null}
        <div className="sm:col-span-2">
          <Field label="Special Requirements" error={fieldErrors.specialRequirements}>
            <textarea
              className="field min-h-28"
              name="specialRequirements"
              placeholder="Dietary needs, medical conditions, dive certification, anything we should know"
              value={form.specialRequirements}
              onChange={set("specialRequirements")}
            />
          </Field>
        </div>
      </div>
      <PromoField
        key={`promo:${fieldErrors.promoCode ?? ""}`}
        code={form.promoCode}
        onCodeChange={(code) => dispatch({ kind: "field", key: "promoCode", value: code })}
        applied={state.promo}
        onApplied={(value) => dispatch({ kind: "promo", value })}
        serverError={fieldErrors.promoCode}
        target={{
          adventureId: adventure.id,
          selectedDate: form.selectedDate,
          startTime: form.startTime,
          groupSize: flow.groupSize,
          email: form.customerEmail,
          subtotalCents: quote.totalCents + quote.promoCents,
          // Priced by the server as the booking will be: sent only where the booking sends them.
          ...(flow.categories.byCategory ? { categories: flow.categories.counts } : {}),
          ...(flow.extras.offered ? { extras: flow.extras.choices } : {}),
        }}
        currency={quote.currency}
      />
      <VoucherField
        key={fieldErrors.voucherCode ?? ""}
        code={form.voucherCode}
        onCodeChange={(code) => dispatch({ kind: "field", key: "voucherCode", value: code })}
        applied={state.voucher}
        onApplied={(value) => dispatch({ kind: "voucher", value })}
        serverError={fieldErrors.voucherCode}
        quote={quote}
        currency={quote.currency}
      />
      <p className="flex items-baseline justify-between rounded-xl bg-slate-50 px-4 py-3 text-sm lg:hidden">
        <span className="text-slate-600">
          Total for {peopleText(flow.groupSize)}
          {form.selectedDate
            ? `, ${departureText(form.selectedDate, form.startTime || (flow.date?.start_time ?? ""))}`
            : ""}
          {quote.promoCents ? ` (${formatMoney(quote.promoCents, quote.currency)} promo discount)` : ""}
          {quote.voucherCents ? ` (${formatMoney(quote.voucherCents, quote.currency)} voucher applied)` : ""}
        </span>
        <span className="text-lg font-semibold text-ocean-900">
          {formatMoney(quote.dueCents, quote.currency)}
        </span>
      </p>
      <button
        type="submit"
        className="btn-primary w-full py-3.5 text-base sm:w-auto"
        disabled={state.processing}
      >
        <Lock className="size-4" aria-hidden="true" />
        {state.processing
          ? "Processing..."
          : quote.paidByVoucher || quote.freeByPromo
            ? "Confirm booking"
            : "Continue to Payment"}
      </button>
      <p className="text-xs text-slate-500">
        {quote.freeByPromo
          ? "Your promo code covers the whole total: the booking is confirmed straight away, with nothing to pay."
          : quote.paidByVoucher
            ? "Your voucher pays the whole total: the booking is confirmed straight away, with nothing to pay by card."
            : "You pay on a secure checkout page. Your spots are held for 30 minutes while you pay."}
      </p>
    </form>
  );
}
