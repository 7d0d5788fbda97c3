import { ArrowLeft, Calendar, Check, Clock, CreditCard, Lock, Users } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { requestJson } from "../../lib/api";
import { type BookingFormValues, customTotal, missingRequired, TEXT } from "../../lib/booking";
import { CURRENCIES, currencyCode, DEFAULT_CURRENCY, MIN_CHARGE_CENTS } from "../../lib/currency";
import { formatDateAU } from "../../lib/dates";
import { groupSizeChoices, groupSizeRange, peopleText } from "../../lib/group-size";
import { formatMoney, toCents } from "../../lib/money";
import { cancellationSummary } from "../../lib/policy";
import { useAdoptTypedValues } from "../../lib/typed-before-hydration";
import { type VoucherCheck, voucherShareCents } from "../../lib/vouchers";
import { Img } from "../Img";
import { ErrorBanner } from "./Banners";
import { VoucherField } from "./VoucherField";
import { WaitlistForm, type WaitlistSubmitted } from "./WaitlistForm";

export interface BookableAdventure {
  id: string;
  slug: string;
  title: string;
  short_description: string;
  price_num: number;
  price_display: string;
  duration: string;
  groupSize: string;
  group_size_min: number;
  group_size_max: number;
  image: string;
  image_alt: string;
}

export interface DateOption {
  date: string;
  display: string;
  available: boolean;
  spots_left: number;
  price: number;
  /** Open for booking (full or not): full published dates take a waitlist. */
  published?: boolean;
}

interface Props {
  adventures: BookableAdventure[];
  preselected: string | null;
  initialDates: DateOption[];
  /** What a form post without JavaScript sent, with the server's messages (the page is rendered again). */
  submitted?: {
    values: BookingFormValues;
    error: string;
    fieldErrors: Partial<Record<keyof BookingFormValues, string>>;
  };
  /** Fields filled in from a waitlist offer link (date, group size, email). */
  prefill?: Partial<Pick<BookingFormValues, "selectedDate" | "groupSize" | "customerEmail">>;
  /** What the waitlist form's post without JavaScript answered. */
  waitlist?: WaitlistSubmitted;
}

type PaymentType = "adventure" | "custom";

const CHOOSE_FORM = "choose-adventure";
const CHANGE_FORM = "change-adventure";

/** The message to show for a failed call: the server's detail, else the spec's fallback. */
function failureText(result: { status: number; detail: string }, fallback: string): string {
  return result.status > 0 && result.detail && !/^HTTP \d+$/.test(result.detail) ? result.detail : fallback;
}

/** /book: the payment-type choice, the two booking steps with the summary, and the custom payment form. */
export function BookingFlow({ adventures, preselected, initialDates, submitted, prefill, waitlist }: Props) {
  const [type, setType] = useState<PaymentType>("adventure");
  const [selectedId, setSelectedId] = useState<string | null>(preselected);
  const [step, setStep] = useState<1 | 2>(preselected ? 2 : 1);
  const [dates, setDates] = useState<DateOption[]>(initialDates);
  const [datesFor, setDatesFor] = useState<string | null>(preselected);
  const [datesState, setDatesState] = useState<"idle" | "loading" | "error">("idle");
  const [form, setForm] = useState(() => {
    const sent = submitted?.values;
    const groupSize = Number(sent?.groupSize ?? prefill?.groupSize);
    return {
      customerFirstName: sent?.customerFirstName ?? "",
      customerLastName: sent?.customerLastName ?? "",
      customerEmail: sent?.customerEmail ?? prefill?.customerEmail ?? "",
      customerPhone: sent?.customerPhone ?? "",
      groupSize: Number.isInteger(groupSize) && groupSize > 0 ? groupSize : 1,
      selectedDate: sent?.selectedDate ?? prefill?.selectedDate ?? "",
      specialRequirements: sent?.specialRequirements ?? "",
      voucherCode: sent?.voucherCode ?? "",
    };
  });
  const [voucher, setVoucher] = useState<VoucherCheck | null>(null);
  const [amount, setAmount] = useState("");
  const [currency, setCurrency] = useState<string>(DEFAULT_CURRENCY);
  const [quantity, setQuantity] = useState(1);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState(submitted?.error ?? "");
  const [fieldErrors, setFieldErrors] = useState(submitted?.fieldErrors ?? {});
  const detailsRef = useRef<HTMLHeadingElement>(null);
  const detailsForm = useRef<HTMLFormElement>(null);

  // What the visitor typed or picked before the scripts arrived becomes the state: otherwise the
  // summary, the total and the booking sent would not be what the screen shows.
  useAdoptTypedValues(detailsForm, (typed) =>
    setForm((f) => {
      const next = { ...f };
      for (const key of Object.keys(f) as (keyof typeof f)[]) {
        const value = typed.get(key);
        if (typeof value !== "string") continue;
        if (key === "groupSize") next.groupSize = Number(value) || f.groupSize;
        else next[key] = value;
      }
      return next;
    }),
  );

  const adventure = adventures.find((a) => a.id === selectedId) ?? null;
  const date = dates.find((d) => d.date === form.selectedDate) ?? null;

  // Dates come from the availability table of the chosen adventure.
  useEffect(() => {
    if (!selectedId || selectedId === datesFor) return;
    let live = true;
    setDatesState("loading");
    fetch(`/api/adventures/${encodeURIComponent(selectedId)}/dates`, {
      headers: { Accept: "application/json" },
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const list = (await res.json()) as DateOption[];
        if (!live) return;
        setDates(list);
        setDatesFor(selectedId);
        setDatesState("idle");
        setForm((f) => ({
          ...f,
          selectedDate: list.some((d) => d.date === f.selectedDate && d.available) ? f.selectedDate : "",
        }));
      })
      .catch(() => live && setDatesState("error"));
    return () => {
      live = false;
    };
  }, [selectedId, datesFor]);

  // The adventure's own range within the business maximum, cut to the spots left on the date.
  const choices = groupSizeChoices(groupSizeRange(adventure ?? {}), date?.spots_left);
  const minGroup = choices[0];
  const maxGroup = choices[choices.length - 1];
  useEffect(() => {
    if (form.groupSize > maxGroup) setForm((f) => ({ ...f, groupSize: maxGroup }));
    else if (form.groupSize < minGroup) setForm((f) => ({ ...f, groupSize: minGroup }));
  }, [maxGroup, minGroup, form.groupSize]);

  const pricePerPerson = date?.price ?? adventure?.price_num ?? 0;
  const totalCents = toCents(pricePerPerson) * form.groupSize;
  // Display only: the server applies the voucher again when booking.
  const minCharge = MIN_CHARGE_CENTS[DEFAULT_CURRENCY];
  const voucherCents = voucher ? voucherShareCents(voucher.balance_cents, totalCents, minCharge) : 0;
  const dueCents = totalCents - voucherCents;
  const policy = useMemo(
    () => (form.selectedDate ? cancellationSummary(form.selectedDate) : ""),
    [form.selectedDate],
  );

  const set =
    (key: keyof typeof form) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setForm((f) => ({ ...f, [key]: key === "groupSize" ? Number(e.target.value) : e.target.value }));

  function choose(id: string) {
    setSelectedId(id);
    setStep(2);
    setError("");
    requestAnimationFrame(() => detailsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
  }

  async function submitBooking(e: React.FormEvent) {
    e.preventDefault();
    setError("");
    setFieldErrors({});
    if (!adventure || missingRequired({ ...form, adventureId: adventure.id })) {
      setError(TEXT.missingFields);
      return;
    }
    setProcessing(true);
    const result = await requestJson<{ checkout_url: string }>("POST", "/api/bookings", {
      adventure_id: adventure.id,
      customer_first_name: form.customerFirstName,
      customer_last_name: form.customerLastName,
      customer_email: form.customerEmail,
      customer_phone: form.customerPhone,
      group_size: form.groupSize,
      selected_date: form.selectedDate,
      special_requirements: form.specialRequirements,
      voucher_code: form.voucherCode,
      host_url: window.location.origin,
    });
    if (result.ok && result.data?.checkout_url) {
      window.location.assign(result.data.checkout_url);
      return;
    }
    setProcessing(false);
    setError(result.ok ? TEXT.bookingFailed : failureText(result, TEXT.bookingFailed));
    if (!result.ok && result.errors.voucher_code) {
      setVoucher(null);
      setFieldErrors({ voucherCode: result.errors.voucher_code });
    }
  }

  async function submitCustom(e: React.FormEvent) {
    e.preventDefault();
    setError("");
    const value = Number.parseFloat(amount);
    if (!amount || !Number.isFinite(value) || value <= 0) {
      setError(TEXT.invalidAmount);
      return;
    }
    setProcessing(true);
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
    setProcessing(false);
    setError(result.ok ? TEXT.paymentFailed : failureText(result, TEXT.paymentFailed));
  }

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
              onClick={() => {
                setType(value);
                setError("");
              }}
              className={`rounded-xl px-4 py-2.5 text-sm font-semibold transition-colors ${
                type === value ? "bg-white text-ocean-900 shadow-sm" : "text-slate-600 hover:text-ocean-900"
              }`}
            >
              {label}
            </button>
          ))}
        </div>
      </fieldset>

      {error ? <ErrorBanner message={error} /> : null}

      {type === "adventure" ? (
        <div className="space-y-10">
          <section aria-labelledby="step-1">
            <StepHeading id="step-1" n={1} title="Select Adventure" done={step === 2 && !!adventure} />
            {step === 1 || !adventure ? (
              <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {adventures.map((a) => (
                  <li key={a.id}>
                    <button
                      type="submit"
                      form={CHOOSE_FORM}
                      name="adventure"
                      value={a.id}
                      onClick={(e) => {
                        e.preventDefault();
                        choose(a.id);
                      }}
                      aria-pressed={a.id === selectedId}
                      data-testid="adventure-option"
                      className={`card group flex h-full w-full flex-col text-left transition hover:shadow-lg hover:shadow-ocean-900/10 ${
                        a.id === selectedId ? "ring-2 ring-coral-600" : ""
                      }`}
                    >
                      <span className="block aspect-[16/9] overflow-hidden bg-ocean-100">
                        <Img
                          src={a.image}
                          alt=""
                          sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
                          className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
                        />
                      </span>
                      <span className="flex flex-1 flex-col gap-2 p-4">
                        <span className="font-display text-lg font-semibold leading-snug text-ocean-900">
                          {a.title}
                        </span>
                        <span className="mt-auto flex flex-wrap items-center justify-between gap-2 text-sm">
                          <span className="font-semibold text-coral-700">{a.price_display}</span>
                          <span className="inline-flex items-center gap-1.5 text-slate-600">
                            <Clock className="size-4" aria-hidden="true" />
                            {a.duration}
                          </span>
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-slate-50 px-4 py-3">
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-ocean-900">{adventure.title}</span> ·{" "}
                  {adventure.price_display}
                  {" · "}
                  {adventure.duration}
                </p>
                <button
                  type="submit"
                  form={CHANGE_FORM}
                  className="inline-flex items-center gap-1.5 text-sm font-semibold text-reef-700 hover:text-reef-600"
                  onClick={(e) => {
                    e.preventDefault();
                    setStep(1);
                  }}
                >
                  <ArrowLeft className="size-4" aria-hidden="true" /> Change adventure
                </button>
              </div>
            )}
          </section>

          {step === 2 && adventure ? (
            <section aria-labelledby="step-2" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
              {/* With JavaScript the script posts to the API; without it the browser posts here to the page's action. */}
              <form
                ref={detailsForm}
                method="post"
                action={`/book?adventure=${encodeURIComponent(adventure.id)}`}
                onSubmit={submitBooking}
                noValidate
                className="space-y-6"
              >
                <StepHeading id="step-2" n={2} title="Your Details" headingRef={detailsRef} />
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
                  <Field label="Group Size" error={fieldErrors.groupSize}>
                    <select
                      className="field"
                      name="groupSize"
                      value={form.groupSize}
                      onChange={set("groupSize")}
                    >
                      {choices.map((n) => (
                        <option key={n} value={n}>
                          {peopleText(n)}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field
                    label="Date"
                    required
                    error={fieldErrors.selectedDate}
                    hint={
                      datesState === "loading"
                        ? "Loading dates..."
                        : datesState === "error"
                          ? "Dates could not be loaded. Please reload the page."
                          : dates.length === 0
                            ? "No dates are open for this adventure right now. Please contact us."
                            : undefined
                    }
                  >
                    <select
                      className="field"
                      name="selectedDate"
                      required
                      value={form.selectedDate}
                      onChange={set("selectedDate")}
                      disabled={datesState === "loading"}
                    >
                      <option value="">Select a date</option>
                      {dates.map((d) => (
                        <option key={d.date} value={d.date} disabled={!d.available}>
                          {d.display} —{" "}
                          {d.available
                            ? `${d.spots_left} ${d.spots_left === 1 ? "spot" : "spots"} left`
                            : d.spots_left === 0
                              ? "Fully booked"
                              : "Unavailable"}
                        </option>
                      ))}
                    </select>
                  </Field>
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
                <VoucherField
                  key={fieldErrors.voucherCode ?? ""}
                  code={form.voucherCode}
                  onCodeChange={(code) => setForm((f) => ({ ...f, voucherCode: code }))}
                  applied={voucher}
                  onApplied={setVoucher}
                  serverError={fieldErrors.voucherCode}
                  totalCents={totalCents}
                  minChargeCents={minCharge}
                />
                <p className="flex items-baseline justify-between rounded-xl bg-slate-50 px-4 py-3 text-sm lg:hidden">
                  <span className="text-slate-600">
                    Total for {peopleText(form.groupSize)}
                    {form.selectedDate ? `, ${formatDateAU(form.selectedDate)}` : ""}
                    {voucherCents ? ` (${formatMoney(voucherCents)} voucher applied)` : ""}
                  </span>
                  <span className="text-lg font-semibold text-ocean-900">{formatMoney(dueCents)}</span>
                </p>
                <button
                  type="submit"
                  className="btn-primary w-full py-3.5 text-base sm:w-auto"
                  disabled={processing || !adventure}
                >
                  <Lock className="size-4" aria-hidden="true" />
                  {processing ? "Processing..." : "Continue to Payment"}
                </button>
                <p className="text-xs text-slate-500">
                  You pay on a secure checkout page. Your spots are held for 30 minutes while you pay.
                </p>
              </form>

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
                      <Row label="Price per person" value={formatMoney(toCents(pricePerPerson))} />
                      <Row label="Group size" value={peopleText(form.groupSize)} />
                      <Row
                        label="Date"
                        value={form.selectedDate ? formatDateAU(form.selectedDate) : "Not selected"}
                      />
                      {voucherCents ? (
                        <div className="flex justify-between gap-4" data-testid="voucher-deduction">
                          <dt className="text-slate-600">Voucher {voucher?.code}</dt>
                          <dd className="text-right font-medium text-reef-700">
                            −{formatMoney(voucherCents)}
                          </dd>
                        </div>
                      ) : null}
                    </dl>
                    <div className="flex items-baseline justify-between border-t border-slate-200 pt-4">
                      <span className="font-semibold text-ocean-900">Total</span>
                      <span className="text-2xl font-semibold text-ocean-900" data-testid="booking-total">
                        {formatMoney(dueCents)}
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
            </section>
          ) : null}
          {step === 2 && adventure && datesFor === adventure.id ? (
            // As wide as the details form above it (the summary column is 22rem plus the gap).
            <div className="lg:max-w-[calc(100%-24rem)]">
              <WaitlistForm
                key={adventure.id}
                adventureId={adventure.id}
                dates={dates}
                range={groupSizeRange(adventure)}
                action={`/book?adventure=${encodeURIComponent(adventure.id)}`}
                submitted={waitlist}
                preferredDate={form.selectedDate}
              />
            </div>
          ) : null}
          {/*
            Without JavaScript the adventure cards and "Change adventure" submit these GET forms
            (/book?adventure={id}, or /book to choose again); kept apart so the details form stays the page's form.
          */}
          <form id={CHOOSE_FORM} method="get" action="/book" hidden />
          <form id={CHANGE_FORM} method="get" action="/book" hidden />
        </div>
      ) : (
        <section aria-labelledby="custom" className="max-w-xl">
          <form onSubmit={submitCustom} noValidate className="card space-y-5 p-6">
            <h2 id="custom" className="text-2xl font-semibold">
              Custom Payment Details
            </h2>
            <p className="text-sm text-slate-600">
              Paying a deposit, a balance or an extra we agreed on? Enter the amount and you will be taken to
              our secure checkout.
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
                  onChange={(e) => setAmount(e.target.value)}
                />
              </Field>
              <Field label="Currency">
                <select
                  className="field"
                  name="currency"
                  value={currency}
                  onChange={(e) => setCurrency(e.target.value)}
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
                  onChange={(e) => setQuantity(Math.max(1, Math.floor(Number(e.target.value)) || 1))}
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
              disabled={processing || !amount}
            >
              <CreditCard className="size-4" aria-hidden="true" />
              {processing ? "Processing..." : "Continue to Payment"}
            </button>
          </form>
        </section>
      )}
    </div>
  );
}

function StepHeading({
  id,
  n,
  title,
  done,
  headingRef,
}: {
  id: string;
  n: number;
  title: string;
  done?: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <h2 id={id} ref={headingRef} className="flex scroll-mt-28 items-center gap-3 text-2xl font-semibold">
      <span
        aria-hidden="true"
        className={`inline-flex size-8 items-center justify-center rounded-full font-sans text-sm font-bold ${
          done ? "bg-reef-600 text-white" : "bg-ocean-900 text-white"
        }`}
      >
        {done ? <Check className="size-4" /> : n}
      </span>
      <span>
        <span className="sr-only">Step {n}: </span>
        {title}
      </span>
    </h2>
  );
}

function Field({
  label,
  required,
  hint,
  error,
  children,
}: {
  label: string;
  required?: boolean;
  hint?: string;
  /** The server's message for this field (after a form post without JavaScript). */
  error?: string;
  children: React.ReactElement;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child element
    <label className="block">
      <span className="field-label">
        {label}
        {required ? (
          <span className="text-coral-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </span>
      {children}
      {hint ? <span className="mt-1.5 block text-xs text-slate-500">{hint}</span> : null}
      {error ? (
        <span className="mt-1.5 block text-sm font-medium text-coral-700" data-testid="field-error">
          {error}
        </span>
      ) : null}
    </label>
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
