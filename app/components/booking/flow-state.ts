/**
 * The /book page's state as one reducer: which form is shown, the chosen
 * adventure and step, the details typed, the voucher applied, the custom
 * payment's fields and the submission's progress and messages. Pure, so the
 * pieces of the flow share one state and every change has a name.
 */

import type { BookingFormValues } from "../../lib/booking";
import { DEFAULT_CURRENCY, minChargeCents } from "../../lib/currency";
import type { ExtraDef, GearLeft } from "../../lib/extras";
import type { FormView } from "../../lib/form-result";
import { toCents } from "../../lib/money";
import type { EffectivePolicy } from "../../lib/policy";
import type { PriceCategory } from "../../lib/price-categories";
import { bookingSubtotalCents, type PriceLine } from "../../lib/price-lines";
import type { PromoCheck } from "../../lib/promo";
import { type VoucherCheck, voucherShareCents } from "../../lib/vouchers";

export interface BookableAdventure {
  id: string;
  slug: string;
  title: string;
  short_description: string;
  price_num: number;
  price_display: string;
  /** The currency the adventure is priced and charged in (either letter case). */
  currency: string;
  duration: string;
  groupSize: string;
  group_size_min: number;
  group_size_max: number;
  image: string;
  image_alt: string;
  /** The adventure's effective cancellation policy: the summary's words. */
  policy?: EffectivePolicy;
  /** Bookings close this many hours before the departure; null: the days' notice alone. */
  booking_cutoff_hours?: number | null;
  /** Its price categories; with several, the form asks how many of each (price-categories.ts). */
  price_categories?: PriceCategory[];
  /** Its active extras and gear hire with the sizes stocked (extras.ts); none: the spec's form. */
  extras?: ExtraDef[];
}

/** One of a date's several departures, as the date list gives it. */
export interface DepartureOption {
  start_time: string;
  display: string;
  available: boolean;
  spots_left: number;
  price: number;
  published?: boolean;
  called_off?: boolean;
}

export interface DateOption {
  date: string;
  display: string;
  available: boolean;
  spots_left: number;
  price: number;
  /** Open for booking (full or not): full published dates take a waitlist. */
  published?: boolean;
  /** Closed by a weather call-off, rather than simply closed by the operator. */
  called_off?: boolean;
  /** The date's one departure's own start time, where it has one. */
  start_time?: string;
  /** The date's departures, where it has several: the visitor picks one. */
  departures?: DepartureOption[];
}

/** The departure chosen on a date: the one at `startTime` among several, or none yet. */
export function chosenDeparture(date: DateOption | null, startTime: string): DepartureOption | null {
  return date?.departures?.find((d) => d.start_time === startTime) ?? null;
}

/** What a listed date or departure says after its name: the spots left, or why it cannot be booked. */
export function dateOptionStatus(d: DateOption | DepartureOption): string {
  if ("departures" in d && d.departures) {
    const open = d.departures.filter((x) => x.available).length;
    if (open > 0) return `${open} departure ${open === 1 ? "time" : "times"} open`;
  }
  if (d.available) return `${d.spots_left} ${d.spots_left === 1 ? "spot" : "spots"} left`;
  if (d.published === false) return d.called_off ? "Called off for weather" : "Closed";
  return d.spots_left === 0 ? "Fully booked" : "Unavailable";
}

export type PaymentType = "adventure" | "custom";
export type FieldErrors = Partial<Record<keyof BookingFormValues, string>>;

/** The details form's fields as the state holds them (the group size as a number). */
export interface DetailsForm {
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  groupSize: number;
  selectedDate: string;
  /** The chosen departure's start time on a date with several ("" until one is picked). */
  startTime: string;
  specialRequirements: string;
  voucherCode: string;
  promoCode: string;
}

export interface FlowState {
  type: PaymentType;
  selectedId: string | null;
  step: 1 | 2;
  /** The adventure whose date list the chosen date was last checked against. */
  datesSeen: string | null;
  form: DetailsForm;
  voucher: VoucherCheck | null;
  /** The promo code's discount as the server checked it for this subtotal (null when none applies). */
  promo: PromoCheck | null;
  custom: { amount: string; currency: string; quantity: number };
  processing: boolean;
  error: string;
  fieldErrors: FieldErrors;
}

export interface FlowStart {
  preselected: string | null;
  /** What a form post without JavaScript answered, with what was sent (the page is rendered again). */
  submitted?: FormView<null, BookingFormValues>;
  /** Fields filled in from a waitlist offer link (date, group size, email) or a cancelled checkout (all it had). */
  prefill?: Partial<Omit<BookingFormValues, "adventureId" | "voucherCode" | "promoCode">>;
  /** The gear left per size on the date the page was rendered for (the size selects mark it without JavaScript). */
  gearLeft?: { adventure: string | null; date: string; left: GearLeft };
}

export function initialFlowState({ preselected, submitted, prefill }: FlowStart): FlowState {
  const sent = submitted?.values;
  const groupSize = Number(sent?.groupSize ?? prefill?.groupSize);
  return {
    type: "adventure",
    selectedId: preselected,
    step: preselected ? 2 : 1,
    datesSeen: preselected,
    form: {
      customerFirstName: sent?.customerFirstName ?? prefill?.customerFirstName ?? "",
      customerLastName: sent?.customerLastName ?? prefill?.customerLastName ?? "",
      customerEmail: sent?.customerEmail ?? prefill?.customerEmail ?? "",
      customerPhone: sent?.customerPhone ?? prefill?.customerPhone ?? "",
      groupSize: Number.isInteger(groupSize) && groupSize > 0 ? groupSize : 1,
      selectedDate: sent?.selectedDate ?? prefill?.selectedDate ?? "",
      startTime: sent?.startTime ?? prefill?.startTime ?? "",
      specialRequirements: sent?.specialRequirements ?? prefill?.specialRequirements ?? "",
      voucherCode: sent?.voucherCode ?? "",
      promoCode: sent?.promoCode ?? "",
    },
    voucher: null,
    promo: null,
    custom: { amount: "", currency: DEFAULT_CURRENCY, quantity: 1 },
    processing: false,
    error: submitted?.detail ?? "",
    fieldErrors: submitted?.errors ?? {},
  };
}

export type FlowAction =
  | { kind: "type"; value: PaymentType }
  | { kind: "choose"; id: string }
  | { kind: "change-adventure" }
  | { kind: "field"; key: keyof DetailsForm; value: string }
  /** The fields as the browser had them when the scripts took over. */
  | { kind: "typed"; values: FormData }
  /** The date list of `adventure` arrived: a chosen date it does not offer is dropped. */
  | { kind: "dates"; adventure: string | null; list: DateOption[] }
  | { kind: "clamp-group"; min: number; max: number }
  | { kind: "voucher"; value: VoucherCheck | null }
  | { kind: "promo"; value: PromoCheck | null }
  | { kind: "custom"; patch: Partial<FlowState["custom"]> }
  /** A submit starts: messages cleared (the field messages too when `fieldErrors` is given). */
  | { kind: "sending"; fieldErrors?: FieldErrors }
  | { kind: "error"; error: string; fieldErrors?: FieldErrors }
  /** The server refused: the banner, and a refused voucher code dropped with its message. */
  | { kind: "failed"; error: string; voucherError?: string; promoError?: string; extrasError?: string };

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.kind) {
    case "type":
      return { ...state, type: action.value, error: "" };
    case "choose":
      return { ...state, selectedId: action.id, step: 2, error: "" };
    case "change-adventure":
      return { ...state, step: 1 };
    case "field": {
      const value = action.key === "groupSize" ? Number(action.value) : action.value;
      // Another date has other departures: the time is picked again.
      const time = action.key === "selectedDate" ? { startTime: "" } : {};
      return { ...state, form: { ...state.form, ...time, [action.key]: value } };
    }
    case "typed": {
      const form = { ...state.form };
      for (const key of Object.keys(form) as (keyof DetailsForm)[]) {
        const value = action.values.get(key);
        if (typeof value !== "string") continue;
        if (key === "groupSize") form.groupSize = Number(value) || state.form.groupSize;
        else form[key] = value;
      }
      return { ...state, form };
    }
    case "dates": {
      const date = action.list.find((d) => d.date === state.form.selectedDate && d.available) ?? null;
      const departure = chosenDeparture(date, state.form.startTime);
      return {
        ...state,
        datesSeen: action.adventure,
        form: {
          ...state.form,
          selectedDate: date ? state.form.selectedDate : "",
          startTime: departure?.available ? state.form.startTime : "",
        },
      };
    }
    case "clamp-group": {
      const { groupSize } = state.form;
      const clamped = Math.min(action.max, Math.max(action.min, groupSize));
      return clamped === groupSize ? state : { ...state, form: { ...state.form, groupSize: clamped } };
    }
    case "voucher":
      return { ...state, voucher: action.value };
    case "promo":
      return { ...state, promo: action.value };
    case "custom":
      return { ...state, custom: { ...state.custom, ...action.patch } };
    case "sending":
      return { ...state, processing: true, error: "", fieldErrors: action.fieldErrors ?? state.fieldErrors };
    case "error":
      return { ...state, error: action.error, fieldErrors: action.fieldErrors ?? state.fieldErrors };
    case "failed":
      if (action.promoError) {
        return {
          ...state,
          processing: false,
          error: action.error,
          promo: null,
          fieldErrors: { promoCode: action.promoError },
        };
      }
      if (action.extrasError) {
        return {
          ...state,
          processing: false,
          error: action.error,
          fieldErrors: { extras: action.extrasError },
        };
      }
      return action.voucherError
        ? {
            ...state,
            processing: false,
            error: action.error,
            voucher: null,
            fieldErrors: { voucherCode: action.voucherError },
          }
        : { ...state, processing: false, error: action.error };
  }
}

/** What the summary and the total show. Display only: the server prices and applies the voucher again. */
export interface BookingQuote {
  currency: string;
  pricePerPersonCents: number;
  totalCents: number;
  minChargeCents: number;
  /** The promo code's discount on the subtotal (0 without one, or while its check is for another subtotal). */
  promoCents: number;
  voucherCents: number;
  dueCents: number;
  /** What stays on the applied voucher after this booking (0 without one). */
  voucherLeftCents: number;
  /** The checked voucher pays the whole total: nothing is paid by card. */
  paidByVoucher: boolean;
  /** The promo code makes the booking free: confirmed with nothing to pay. */
  freeByPromo: boolean;
}

/**
 * The departure's own price (else the date's, else the adventure's) times the group, or the
 * category lines, plus any extra lines (the server's subtotal rule, `bookingSubtotalCents`),
 * less the promo code's discount (as the server checked it for this subtotal), less the
 * voucher's share of what is left, in the adventure's currency.
 */
export function bookingQuote(
  adventure: BookableAdventure | null,
  date: DateOption | DepartureOption | null,
  groupSize: number,
  voucher: VoucherCheck | null,
  promo: PromoCheck | null = null,
  /** The booking's price lines: its categories and its extras (none: the spec's booking). */
  lines: readonly PriceLine[] = [],
): BookingQuote {
  const currency = adventure?.currency ?? DEFAULT_CURRENCY;
  const pricePerPersonCents = toCents(date?.price ?? adventure?.price_num ?? 0);
  const subtotalCents = bookingSubtotalCents(pricePerPersonCents, groupSize, lines);
  const minCharge = minChargeCents(currency);
  // A check made for another group or date is not this booking's discount (it is asked again).
  const promoCents = promo && promo.subtotal_cents === subtotalCents ? promo.discount_cents : 0;
  const totalCents = subtotalCents - promoCents;
  const voucherCents = voucher ? voucherShareCents(voucher.balance_cents, totalCents, minCharge) : 0;
  return {
    currency,
    pricePerPersonCents,
    totalCents,
    minChargeCents: minCharge,
    promoCents,
    voucherCents,
    dueCents: totalCents - voucherCents,
    voucherLeftCents: voucher ? voucher.balance_cents - voucherCents : 0,
    paidByVoucher: voucher !== null && totalCents > 0 && voucherCents >= totalCents,
    freeByPromo: promoCents > 0 && totalCents === 0,
  };
}
