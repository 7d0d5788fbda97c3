import { Gift, Lock, Mail, Ticket, Waves } from "lucide-react";
import { redirect } from "react-router";
import { TooManyCheckouts } from "../../../server/domain/money/checkout-cap.server";
import { openGiftVoucherCheckout } from "../../../server/domain/vouchers/gift-vouchers.server";
import { HttpError } from "../../../server/errors.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { validateBody } from "../../../server/security/text.server";
import { ErrorBanner, TestModeNotice } from "../../components/booking/Banners";
import { ReleaseOffer } from "../../components/booking/ReleaseOffer";
import { offersRelease } from "../../lib/checkout-release";
import { getApp } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { fieldErrorsFrom, formAnswer, formFailure, formView } from "../../lib/form-result";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import { GIFT_MAX, GIFT_MIN, GIFT_PRESETS, giftVoucherSchema } from "../../lib/vouchers";
import type { Route } from "./+types/gift-vouchers";

const FIELDS = [
  "amount",
  "custom_amount",
  "purchaser_name",
  "purchaser_email",
  "recipient_name",
  "recipient_email",
  "message",
] as const;
type GiftValues = Record<(typeof FIELDS)[number], string>;

export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getApp(context);
  return {
    testMode: env.paymentsMode === "test",
    cancelled: new URL(request.url).searchParams.get("cancelled") === "1",
  };
}

/**
 * The form posts here with or without JavaScript: the same schema checks it,
 * the voucher (pending payment) and its checkout are opened, and the answer is
 * a 303 to the checkout, or the page again with the messages and what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const values: GiftValues = await postedText(request, FIELDS);
  try {
    const input = validateBody(values, giftVoucherSchema);
    const opened = await openGiftVoucherCheckout(app.booking, input, { clientKey: app.clientKey });
    return redirect(opened.url, 303);
  } catch (error) {
    if (!(error instanceof HttpError)) {
      pageFailed(app, "gift voucher form could not open a checkout", error);
      return formAnswer(
        formFailure(500, "The payment could not be started. Please try again in a moment.", { values }),
      );
    }
    const headers: Record<string, string> =
      error instanceof TooManyCheckouts ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    const errors = fieldErrorsFrom(error.errors, FIELDS);
    const banner = Object.keys(errors).length ? "Please check the highlighted fields." : error.message;
    return formAnswer(formFailure(error.status, banner, { values, errors }), headers);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Gift Vouchers | ${siteName(matches[0].loaderData.content)}`,
    description: `Give a dive or a night under the stars on the NSW coast: a ${siteName(matches[0].loaderData.content)} gift voucher for any adventure, emailed straight away and valid for three years.`,
    path: "/gift-vouchers",
    origin: matches[0].loaderData.origin,
  });
}

export default function GiftVouchers({ loaderData, actionData }: Route.ComponentProps) {
  const { testMode, cancelled } = loaderData;
  const answer = formView(actionData);
  const sent = answer.values;
  const errors = answer.errors;
  const chosen = sent?.amount ?? String(GIFT_PRESETS[1]);

  return (
    <div className="bg-gradient-to-b from-ocean-50 to-white">
      <div className="container-site py-10 sm:py-14">
        <header className="max-w-3xl">
          <p className="eyebrow">For any adventure · Valid for 3 years</p>
          <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">Gift Vouchers</h1>
          <p className="mt-3 text-lg text-slate-600">
            Give someone a day underwater or a night by the water. The voucher code is emailed as soon as you
            have paid, and it pays for any trip we run.
          </p>
        </header>
        <div className="mt-6 space-y-3">
          {testMode ? <TestModeNotice /> : null}
          {cancelled ? (
            <p
              role="status"
              className="rounded-2xl border border-slate-200 bg-slate-50 px-4 py-3.5 text-sm font-medium text-slate-700"
            >
              Payment cancelled: you have not been charged. Your voucher is waiting below whenever you are
              ready.
            </p>
          ) : null}
          {answer.detail ? <ErrorBanner message={answer.detail} /> : null}
          {offersRelease(answer.detail) ? <ReleaseOffer email={sent?.purchaser_email ?? ""} /> : null}
        </div>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <form method="post" noValidate className="card space-y-7 p-5 sm:p-7">
            <fieldset>
              <legend className="text-xl font-semibold text-ocean-900">Choose an amount</legend>
              <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {[...GIFT_PRESETS.map(String), "custom"].map((value) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center justify-center rounded-xl border border-slate-200 bg-white px-3 py-3.5 text-center font-semibold text-ocean-900 transition has-[:checked]:border-coral-600 has-[:checked]:bg-coral-50 has-[:checked]:ring-2 has-[:checked]:ring-coral-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-reef-600"
                  >
                    <input
                      type="radio"
                      name="amount"
                      value={value}
                      defaultChecked={chosen === value}
                      className="sr-only"
                    />
                    {value === "custom" ? "Other amount" : `$${value}`}
                  </label>
                ))}
              </div>
              {errors.amount ? <FieldError message={errors.amount} /> : null}
              <label className="mt-4 block max-w-xs">
                <span className="field-label">Other amount (whole dollars)</span>
                <span className="relative block">
                  <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
                    $
                  </span>
                  <input
                    className="field pl-7"
                    name="custom_amount"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    defaultValue={sent?.custom_amount ?? ""}
                    placeholder={`${GIFT_MIN} to ${GIFT_MAX}`}
                    aria-invalid={errors.custom_amount ? true : undefined}
                  />
                </span>
                <span className="mt-1.5 block text-xs text-slate-500">
                  Choose "Other amount" above, from ${GIFT_MIN} to ${GIFT_MAX.toLocaleString("en-AU")}.
                </span>
                {errors.custom_amount ? <FieldError message={errors.custom_amount} /> : null}
              </label>
            </fieldset>

            <fieldset className="grid gap-5 sm:grid-cols-2">
              <legend className="mb-4 text-xl font-semibold text-ocean-900">From</legend>
              <TextInput
                label="Your name"
                name="purchaser_name"
                required
                autoComplete="name"
                value={sent?.purchaser_name}
                error={errors.purchaser_name}
              />
              <TextInput
                label="Your email"
                name="purchaser_email"
                type="email"
                required
                autoComplete="email"
                value={sent?.purchaser_email}
                error={errors.purchaser_email}
                hint="Your receipt goes here."
              />
            </fieldset>

            <fieldset className="grid gap-5 sm:grid-cols-2">
              <legend className="mb-1 text-xl font-semibold text-ocean-900">For</legend>
              <p className="text-sm text-slate-600 sm:col-span-2">
                Leave these empty to receive the voucher yourself, to print or hand over.
              </p>
              <TextInput
                label="Recipient's name"
                name="recipient_name"
                autoComplete="off"
                value={sent?.recipient_name}
                error={errors.recipient_name}
              />
              <TextInput
                label="Recipient's email"
                name="recipient_email"
                type="email"
                autoComplete="off"
                value={sent?.recipient_email}
                error={errors.recipient_email}
              />
              <label className="block sm:col-span-2">
                <span className="field-label">Message</span>
                <textarea
                  className="field min-h-24"
                  name="message"
                  maxLength={500}
                  defaultValue={sent?.message ?? ""}
                  placeholder="Happy birthday! Let's go diving."
                />
                {errors.message ? <FieldError message={errors.message} /> : null}
              </label>
            </fieldset>

            <div className="space-y-2">
              <button type="submit" className="btn-primary w-full py-3.5 text-base sm:w-auto">
                <Lock className="size-4" aria-hidden="true" />
                Continue to Payment
              </button>
              <p className="text-xs text-slate-500">
                You pay on a secure checkout page. The code is emailed as soon as the payment goes through.
              </p>
            </div>
          </form>

          <aside aria-labelledby="how" className="lg:sticky lg:top-28 lg:self-start">
            <div className="card space-y-5 p-6">
              <h2 id="how" className="text-xl font-semibold">
                How it works
              </h2>
              <ul className="space-y-4 text-sm text-slate-700">
                <Step icon={<Gift className="size-5" />} title="Pick an amount">
                  Any amount from ${GIFT_MIN} to ${GIFT_MAX.toLocaleString("en-AU")}, in whole dollars.
                </Step>
                <Step icon={<Mail className="size-5" />} title="We email the code">
                  To the recipient, with your message, and a copy to you.
                </Step>
                <Step icon={<Ticket className="size-5" />} title="They book online">
                  They enter the code under "Have a voucher?" when booking. Whatever is not used stays on the
                  code.
                </Step>
                <Step icon={<Waves className="size-5" />} title="Valid for 3 years">
                  Weather cancellations never cost the voucher anything.
                </Step>
              </ul>
            </div>
          </aside>
        </div>
      </div>
    </div>
  );
}

function Step({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-reef-50 text-reef-700">
        {icon}
      </span>
      <span>
        <span className="block font-semibold text-ocean-900">{title}</span>
        {children}
      </span>
    </li>
  );
}

function FieldError({ message }: { message: string }) {
  return (
    <span className="mt-1.5 block text-sm font-medium text-coral-700" data-testid="field-error">
      {message}
    </span>
  );
}

function TextInput({
  label,
  name,
  type = "text",
  required,
  autoComplete,
  value,
  error,
  hint,
}: {
  label: string;
  name: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  value?: string;
  error?: string;
  hint?: string;
}) {
  return (
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
      <input
        className="field"
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
      />
      {hint ? <span className="mt-1.5 block text-xs text-slate-500">{hint}</span> : null}
      {error ? <FieldError message={error} /> : null}
    </label>
  );
}
