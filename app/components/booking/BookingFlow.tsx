import { offersRelease } from "../../lib/checkout-release";
import { groupSizeRange } from "../../lib/group-size";
import { AdventureChoice, ChoiceForms } from "./AdventureChoice";
import { ErrorBanner } from "./Banners";
import { BookingDetailsForm } from "./BookingDetailsForm";
import { BookingSummary } from "./BookingSummary";
import { CustomPaymentForm } from "./CustomPaymentForm";
import type { BookableAdventure, DateOption, FlowStart } from "./flow-state";
import { ReleaseOffer } from "./ReleaseOffer";
import { useBookingFlow } from "./useBookingFlow";
import { type WaitlistAnswer, WaitlistForm } from "./WaitlistForm";

export type { BookableAdventure, DateOption } from "./flow-state";

interface Props extends FlowStart {
  adventures: BookableAdventure[];
  initialDates: DateOption[];
  /** What the waitlist form's post without JavaScript answered. */
  waitlist?: WaitlistAnswer;
}

/** /book: the payment-type choice, the two booking steps with the summary, and the custom payment form. */
export function BookingFlow({
  adventures,
  preselected,
  initialDates,
  submitted,
  prefill,
  waitlist,
  gearLeft,
}: Props) {
  const flow = useBookingFlow(adventures, initialDates, { preselected, submitted, prefill, gearLeft });
  const { state, dispatch, adventure, dates } = flow;
  const { type, step, form } = state;

  return (
    <div className="space-y-8">
      <fieldset>
        <legend className="sr-only">Payment type</legend>
        <div className="grid grid-cols-2 gap-1 rounded-2xl bg-slate-100 p-1 sm:inline-grid sm:min-w-[26rem]">
          {(
            [
              ["adventure", "Book Adventure"],
              ["custom", "Custom Payment"],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={type === value}
              onClick={() => dispatch({ kind: "type", value })}
              className={`rounded-xl px-4 py-2.5 text-sm font-semibold transition-colors ${
                type === value ? "bg-white text-ocean-900 shadow-sm" : "text-slate-600 hover:text-ocean-900"
              }`}
            >
              {label}
            </button>
          ))}
        </div>
      </fieldset>

      {state.error ? (
        <div className="space-y-3">
          <ErrorBanner message={state.error} />
          {offersRelease(state.error) ? <ReleaseOffer email={state.form.customerEmail} /> : null}
        </div>
      ) : null}

      {type === "adventure" ? (
        <div className="space-y-10">
          <AdventureChoice
            adventures={adventures}
            selectedId={state.selectedId}
            adventure={adventure}
            step={step}
            onChoose={flow.choose}
            onChange={() => dispatch({ kind: "change-adventure" })}
          />

          {step === 2 && adventure ? (
            <section aria-labelledby="step-2" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
              <BookingDetailsForm flow={flow} adventure={adventure} />
              <BookingSummary
                adventure={adventure}
                groupSize={flow.groupSize}
                selectedDate={form.selectedDate}
                startTime={form.startTime || (flow.date?.start_time ?? "")}
                voucher={state.voucher}
                promo={state.promo}
                quote={flow.quote}
                policy={flow.policy}
                lines={flow.lines}
              />
            </section>
          ) : null}
          {step === 2 && adventure && dates.adventure === adventure.id ? (
            // As wide as the details form above it (the summary column is 22rem plus the gap).
            <div className="lg:max-w-[calc(100%-24rem)]">
              <WaitlistForm
                key={adventure.id}
                adventureId={adventure.id}
                dates={dates.list}
                range={groupSizeRange(adventure)}
                action={`/book?adventure=${encodeURIComponent(adventure.id)}`}
                submitted={waitlist}
                preferredDate={form.selectedDate}
              />
            </div>
          ) : null}
          <ChoiceForms />
        </div>
      ) : (
        <CustomPaymentForm flow={flow} />
      )}
    </div>
  );
}
