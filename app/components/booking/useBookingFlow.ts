import { useEffect, useMemo, useReducer, useRef } from "react";
import { requestJson } from "../../lib/api";
import { missingRequired, TEXT } from "../../lib/booking";
import { atDepartureTime } from "../../lib/departure";
import { serverDetail } from "../../lib/form-result";
import { groupSizeChoices, groupSizeRange } from "../../lib/group-size";
import { cancellationSummary } from "../../lib/policy-words";
import { useAdoptTypedValues } from "../../lib/typed-before-hydration";
import {
  type BookableAdventure,
  bookingQuote,
  chosenDeparture,
  type DateOption,
  type DetailsForm,
  type FlowStart,
  flowReducer,
  initialFlowState,
} from "./flow-state";
import { useAdventureDates } from "./useAdventureDates";
import { useCategoryCounts } from "./useCategoryCounts";
import { useExtras } from "./useExtras";
import { useGearLeft } from "./useGearLeft";

const CHOOSE_TIME = "Please choose a departure time.";

type FieldEvent = React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

/**
 * Everything the /book flow knows and does: the state (flow-state.ts), the
 * chosen adventure's dates, the group sizes it takes, the quote, and the two
 * submits, which post to the JSON API and send the browser to the checkout.
 */
export function useBookingFlow(
  adventures: BookableAdventure[],
  initialDates: DateOption[],
  start: FlowStart,
) {
  const [state, dispatch] = useReducer(flowReducer, start, initialFlowState);
  const { form, voucher, promo } = state;
  const dates = useAdventureDates(start.preselected, initialDates);
  const detailsRef = useRef<HTMLHeadingElement>(null);
  const detailsForm = useRef<HTMLFormElement>(null);

  // What the visitor typed or picked before the scripts arrived becomes the state: otherwise the
  // summary, the total and the booking sent would not be what the screen shows.
  useAdoptTypedValues(detailsForm, (values) => {
    dispatch({ kind: "typed", values });
    categories.adopt(values);
    extras.adopt(values);
  });

  // A new date list drops a chosen date it does not offer (checked once per list, as it arrives).
  if (dates.adventure !== state.datesSeen && !dates.loading) {
    dispatch({ kind: "dates", adventure: dates.adventure, list: dates.list });
  }

  const adventure = adventures.find((a) => a.id === state.selectedId) ?? null;
  const date = dates.list.find((d) => d.date === form.selectedDate) ?? null;
  // On a date with several departures, the one picked (its spots and price); else the date itself.
  const departure = chosenDeparture(date, form.startTime) ?? date;

  // The adventure's own range within the business maximum, cut to the spots left on the departure.
  const choices = groupSizeChoices(groupSizeRange(adventure ?? {}), departure?.spots_left);
  const minGroup = choices[0];
  const maxGroup = choices[choices.length - 1];
  // Clamped after rendering, not while rendering: the server's HTML keeps the size as it was sent.
  useEffect(() => {
    if (form.groupSize > maxGroup || form.groupSize < minGroup) {
      dispatch({ kind: "clamp-group", min: minGroup, max: maxGroup });
    }
  }, [maxGroup, minGroup, form.groupSize]);

  // An adventure with several price categories: the counts give the group (its spots) and the subtotal.
  // A form post without JavaScript that came back refused, or a cancelled checkout's booking:
  // the counts and extras it had.
  const sent = start.submitted?.values ?? start.prefill;
  const categories = useCategoryCounts(adventure, { adventure: start.preselected, counts: sent?.categories });
  const groupSize = categories.byCategory ? categories.spots : form.groupSize;
  // Extras are lines on top of the people (a per-person one at most one per spot).
  const extras = useExtras(adventure, groupSize, { adventure: start.preselected, choices: sent?.extras });
  const lines = [...categories.lines, ...extras.lines];
  const gearLeft = useGearLeft(
    adventure?.id ?? null,
    form.selectedDate,
    extras.defs.some((d) => d.gear.length > 0),
    start.gearLeft,
  );
  const quote = bookingQuote(adventure, departure, groupSize, voucher, promo, lines);
  // The chosen adventure's effective policy (its own rules or the site's), as its refunds follow it.
  const adventurePolicy = adventure?.policy;
  const startTime = form.startTime || date?.start_time || "";
  const policy = useMemo(
    () =>
      form.selectedDate
        ? cancellationSummary(
            form.selectedDate,
            new Date(),
            adventurePolicy && atDepartureTime(adventurePolicy, startTime),
          )
        : "",
    [form.selectedDate, startTime, adventurePolicy],
  );

  const set = (key: keyof DetailsForm) => (e: FieldEvent) =>
    dispatch({ kind: "field", key, value: e.target.value });

  function choose(id: string) {
    dispatch({ kind: "choose", id });
    dates.load(id);
    requestAnimationFrame(() => detailsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
  }

  async function submitBooking(e: React.FormEvent) {
    e.preventDefault();
    if (!adventure || missingRequired({ ...form, adventureId: adventure.id })) {
      dispatch({ kind: "error", error: TEXT.missingFields, fieldErrors: {} });
      return;
    }
    if (date?.departures && !chosenDeparture(date, form.startTime)) {
      dispatch({ kind: "error", error: CHOOSE_TIME, fieldErrors: { startTime: CHOOSE_TIME } });
      return;
    }
    dispatch({ kind: "sending", fieldErrors: {} });
    const result = await requestJson<{ checkout_url: string }>("POST", "/api/bookings", {
      adventure_id: adventure.id,
      customer_first_name: form.customerFirstName,
      customer_last_name: form.customerLastName,
      customer_email: form.customerEmail,
      customer_phone: form.customerPhone,
      group_size: groupSize,
      ...(categories.byCategory ? { categories: categories.counts } : {}),
      // Only for an adventure that sells extras: without, the spec's payload as it was.
      ...(extras.offered ? { extras: extras.choices } : {}),
      selected_date: form.selectedDate,
      // Only a date with several departures asks for one; otherwise the spec's payload as it was.
      ...(date?.departures ? { start_time: form.startTime } : {}),
      special_requirements: form.specialRequirements,
      voucher_code: form.voucherCode,
      // Only when one is typed: without it, the spec's payload as it was.
      ...(form.promoCode.trim() ? { promo_code: form.promoCode } : {}),
      host_url: window.location.origin,
    });
    if (result.ok && result.data?.checkout_url) {
      window.location.assign(result.data.checkout_url);
      return;
    }
    dispatch({
      kind: "failed",
      // The server's detail, else the spec's fallback.
      error: serverDetail(result) || TEXT.bookingFailed,
      voucherError: result.ok ? undefined : result.errors.voucher_code,
      promoError: result.ok ? undefined : result.errors.promo_code,
      extrasError: result.ok ? undefined : result.errors.extras,
    });
  }

  async function submitCustom(e: React.FormEvent) {
    e.preventDefault();
    const { amount, currency, quantity } = state.custom;
    const value = Number.parseFloat(amount);
    if (!amount || !Number.isFinite(value) || value <= 0) {
      dispatch({ kind: "error", error: TEXT.invalidAmount });
      return;
    }
    dispatch({ kind: "sending" });
    const origin = window.location.origin;
    const result = await requestJson<{ url: string }>("POST", "/api/payments/v1/checkout/session", {
      amount: value,
      currency,
      quantity,
      success_url: `${origin}/book?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/book`,
      metadata: { source: "custom", payment_type: "custom" },
    });
    if (result.ok && result.data?.url) {
      window.location.assign(result.data.url);
      return;
    }
    dispatch({
      kind: "failed",
      error: serverDetail(result) || TEXT.paymentFailed,
    });
  }

  return {
    state,
    dispatch,
    adventure,
    dates,
    date,
    choices,
    quote,
    categories,
    extras,
    /** What is left of each gear size on the chosen date (the size selects mark the ones hired out). */
    gearLeft,
    /** The booking's price lines as the summary lists them: categories, then extras. */
    lines,
    groupSize,
    policy,
    set,
    choose,
    submitBooking,
    submitCustom,
    detailsRef,
    detailsForm,
  };
}

export type BookingFlowModel = ReturnType<typeof useBookingFlow>;
