import { CreditCard, FlaskConical, Lock } from "lucide-react";
import { useState } from "react";
import { data, redirect } from "react-router";
import { payTestCheckout } from "../../../server/domain/bookings/settle.server";
import { HttpError } from "../../../server/errors.server";
import { effectiveStatus, findTestSession } from "../../../server/payments/test-checkout.server";
import { validateBody } from "../../../server/security/text.server";
import { successUrl } from "../../components/booking/payment-status";
import { requestJson } from "../../lib/api";
import { CARD_TEXT, testCardSchema } from "../../lib/booking";
import { NO_STORE_HEADERS } from "../../lib/cache-control";
import { getApp } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formView } from "../../lib/form-result";
import { formatMoney } from "../../lib/money";
import { useResultInView } from "../../lib/result-in-view";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/test-checkout";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  // Only a site without Stripe keys runs its own checkout.
  const row = env.paymentsMode !== "test" ? null : await findTestSession(db, params.sessionId);
  if (!row) throw data("Checkout session not found", { status: 404 });
  return {
    session: {
      id: row.id,
      kind: row.kind,
      name: row.name,
      description: row.description,
      unitAmountCents: row.unitAmountCents,
      quantity: row.quantity,
      amountTotalCents: row.amountTotalCents,
      currency: row.currency,
      needsEmail: row.kind === "custom" && !row.customerEmail,
      status: effectiveStatus(row, new Date()),
      cancelUrl: row.cancelUrl,
      doneUrl: row.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", row.id),
      expiresAt: row.expiresAt.toISOString(),
    },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Test checkout | ${siteName(matches[0].loaderData.content)}`,
    description: "Test-mode checkout: no card is charged.",
    path: "/checkout/test",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

/** Formats digits as 4-digit groups while typing. */
const groupDigits = (v: string) =>
  v
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, "").slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

type Errors = Partial<Record<"card_number" | "expiry" | "cvc" | "name" | "email" | "form", string>>;
type CardValues = { card_number: string; expiry: string; cvc: string; name: string; email: string };

/** A refused payment as the form shows it: a decline above the button, else the field messages or the detail. */
function paymentErrors(status: number, fieldErrors: Errors, detail: string): Errors {
  if (fieldErrors.card_number === CARD_TEXT.declined) return { form: CARD_TEXT.declined };
  if (Object.keys(fieldErrors).length) return fieldErrors;
  return { form: status > 0 ? detail : "We could not reach the payment service. Please try again." };
}

/**
 * The card form without JavaScript posts here: the same schema and the same
 * payTestCheckout as the JSON route, then a 303 to the success page, which
 * the server renders with the settled payment.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { booking, testCheckout, env, db } = getApp(context);
  if (!testCheckout || env.paymentsMode !== "test") throw data("Checkout session not found", { status: 404 });
  const values: CardValues = await postedText(request, ["card_number", "expiry", "cvc", "name", "email"]);
  try {
    const card = validateBody({ ...values, expiry: values.expiry.replace(/\s/g, "") }, testCardSchema);
    const { redirectUrl } = await payTestCheckout(booking, testCheckout, params.sessionId, card);
    // A gift voucher returns to its own page; bookings and custom payments to the success page.
    const row = await findTestSession(db, params.sessionId);
    const target = row?.kind === "voucher" ? redirectUrl : successUrl(params.sessionId);
    return redirect(target, { status: 303, headers: NO_STORE_HEADERS });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // The card number is not sent back: the visitor types it again.
    return formAnswer(
      formFailure<CardValues & { form?: string }>(error.status, error.message, {
        values: { ...values, card_number: "" },
        errors: paymentErrors(error.status, (error.errors ?? {}) as Errors, error.message),
      }),
      NO_STORE_HEADERS,
    );
  }
}

/**
 * The built-in test checkout, themed as the spec describes the payment
 * elements: red primary, white background, dark slate text, 12px corners.
 */
export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { session } = loaderData;
  const site = siteInfo(useRootData().content);
  const answer = formView(actionData);
  const [values, setValues] = useState<CardValues>(
    answer.values ?? { card_number: "", expiry: "", cvc: "", name: "", email: "" },
  );
  const [errors, setErrors] = useState<Errors>(answer.errors);
  // Each refusal is a new errors object: its message comes into view once the payment call has answered.
  const refusedRef = useResultInView<HTMLParagraphElement>(errors.form ? errors : null);
  const [paying, setPaying] = useState(false);
  const [status, setStatus] = useState(answer.status === 410 ? "expired" : session.status);
  const total = formatMoney(session.amountTotalCents, session.currency, true);

  const set =
    (key: keyof typeof values, format?: (v: string) => string) => (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [key]: format ? format(e.target.value) : e.target.value }));

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    const parsed = testCardSchema.safeParse({ ...values, expiry: values.expiry.replace(/\s/g, "") });
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
    }
    if (session.needsEmail && !values.email.trim()) next.email = "Enter your email address for the receipt";
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    setPaying(true);
    const result = await requestJson<{ redirect_url: string }>(
      "POST",
      `/api/payments/v1/test-checkout/${session.id}/pay`,
      parsed.data,
    );
    if (result.ok) {
      window.location.assign(result.data.redirect_url);
      return;
    }
    setPaying(false);
    if (result.status === 410) setStatus("expired");
    setErrors(paymentErrors(result.status, result.errors as Errors, result.detail));
  }

  return (
    <div className="min-h-screen bg-white text-slate-800">
      <div className="border-b border-amber-200 bg-amber-50">
        <p className="mx-auto flex max-w-5xl items-center justify-center gap-2 px-4 py-2 text-center text-xs font-semibold tracking-wide text-amber-900 uppercase">
          <FlaskConical className="size-4" aria-hidden="true" />
          TEST MODE · no real card is charged
        </p>
      </div>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-8 sm:px-6 md:grid-cols-2 md:py-14">
        <section aria-labelledby="order" className="md:pt-2">
          <p className="text-sm font-semibold text-slate-500">{site.title}</p>
          <h1 id="order" className="mt-4 font-sans text-base font-medium text-slate-600">
            {session.kind === "booking"
              ? "Booking payment"
              : session.kind === "voucher"
                ? "Gift voucher"
                : "Payment"}
          </h1>
          <p
            className="mt-1 text-4xl font-semibold tracking-tight text-slate-900"
            data-testid="checkout-total"
          >
            {total}
          </p>
          <div className="mt-8 space-y-3 border-t border-slate-200 pt-6 text-sm">
            <div className="flex justify-between gap-4">
              <div>
                <p className="font-semibold text-slate-900">{session.name}</p>
                {session.description ? <p className="mt-0.5 text-slate-500">{session.description}</p> : null}
                <p className="mt-0.5 text-slate-500">Qty {session.quantity}</p>
              </div>
              <p className="font-medium text-slate-900">{total}</p>
            </div>
            {session.quantity > 1 ? (
              <p className="text-slate-500">
                {formatMoney(session.unitAmountCents, session.currency, true)} each
              </p>
            ) : null}
            <div className="flex justify-between border-t border-slate-200 pt-3 font-semibold text-slate-900">
              <span>Total due</span>
              <span>{total}</span>
            </div>
          </div>
        </section>

        <section
          aria-labelledby="pay"
          className="rounded-[12px] border border-slate-200 p-5 shadow-sm sm:p-7"
        >
          {status === "expired" ? (
            <div className="space-y-4" data-testid="checkout-expired">
              <h2 id="pay" className="font-sans text-xl font-semibold text-slate-900">
                This checkout session has expired
              </h2>
              <p className="text-sm text-slate-600">
                Payment sessions last 30 minutes. Nothing was charged, and any spots held for you have been
                released.
              </p>
              <a
                href="/book"
                className="inline-flex rounded-[12px] bg-[#d62839] px-5 py-3 text-sm font-semibold text-white hover:bg-[#b5202f]"
              >
                Start a new booking
              </a>
            </div>
          ) : status === "complete" ? (
            <div className="space-y-4">
              <h2 id="pay" className="font-sans text-xl font-semibold text-slate-900">
                This payment is complete
              </h2>
              <a
                href={session.doneUrl}
                className="inline-flex rounded-[12px] bg-[#d62839] px-5 py-3 text-sm font-semibold text-white hover:bg-[#b5202f]"
              >
                Continue
              </a>
            </div>
          ) : (
            // With JavaScript the script pays through the JSON route; without it the browser posts to this page.
            <form method="post" onSubmit={pay} noValidate className="space-y-5">
              <h2 id="pay" className="font-sans text-xl font-semibold text-slate-900">
                Pay with card
              </h2>
              {/* A refusal comes first in the form, where a phone shows it (brought into view with the scripts). */}
              {errors.form ? (
                <p
                  ref={refusedRef}
                  tabIndex={-1}
                  role="alert"
                  className="rounded-[12px] bg-[#fdeced] px-4 py-3 text-sm font-medium text-[#a3242f]"
                >
                  {errors.form}
                </p>
              ) : null}
              {session.needsEmail ? (
                <CheckoutField label="Email" error={errors.email} id="email">
                  <input
                    id="email"
                    name="email"
                    type="email"
                    autoComplete="email"
                    className={inputClass(errors.email)}
                    value={values.email}
                    onChange={set("email")}
                    aria-invalid={Boolean(errors.email)}
                  />
                </CheckoutField>
              ) : null}
              <CheckoutField label="Card number" error={errors.card_number} id="card_number">
                <div className="relative">
                  <input
                    id="card_number"
                    name="card_number"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="1234 1234 1234 1234"
                    className={`${inputClass(errors.card_number)} pr-11`}
                    value={values.card_number}
                    onChange={set("card_number", groupDigits)}
                    aria-invalid={Boolean(errors.card_number)}
                  />
                  <CreditCard
                    className="pointer-events-none absolute top-1/2 right-3.5 size-5 -translate-y-1/2 text-slate-400"
                    aria-hidden="true"
                  />
                </div>
              </CheckoutField>
              <div className="grid grid-cols-2 gap-4">
                <CheckoutField label="Expiry (MM / YY)" error={errors.expiry} id="expiry">
                  <input
                    id="expiry"
                    name="expiry"
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="MM / YY"
                    className={inputClass(errors.expiry)}
                    value={values.expiry}
                    onChange={set("expiry", formatExpiry)}
                    aria-invalid={Boolean(errors.expiry)}
                  />
                </CheckoutField>
                <CheckoutField label="CVC" error={errors.cvc} id="cvc">
                  <input
                    id="cvc"
                    name="cvc"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                    maxLength={4}
                    className={inputClass(errors.cvc)}
                    value={values.cvc}
                    onChange={set("cvc", (v) => v.replace(/\D/g, ""))}
                    aria-invalid={Boolean(errors.cvc)}
                  />
                </CheckoutField>
              </div>
              <CheckoutField label="Name on card" error={errors.name} id="name">
                <input
                  id="name"
                  name="name"
                  autoComplete="cc-name"
                  className={inputClass(errors.name)}
                  value={values.name}
                  onChange={set("name")}
                  aria-invalid={Boolean(errors.name)}
                />
              </CheckoutField>
              <button
                type="submit"
                disabled={paying}
                className="flex w-full items-center justify-center gap-2 rounded-[12px] bg-[#d62839] px-5 py-3.5 text-base font-semibold text-white shadow-sm transition-colors hover:bg-[#b5202f] disabled:cursor-not-allowed disabled:opacity-60"
              >
                <Lock className="size-4" aria-hidden="true" />
                {paying ? "Processing..." : `Pay ${total}`}
              </button>
              <a
                href={session.cancelUrl}
                className="block text-center text-sm font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline"
              >
                Cancel and return to {site.title}
              </a>
              <p className="rounded-[12px] bg-slate-50 px-4 py-3 text-xs leading-relaxed text-slate-600">
                Test cards: <span className="font-mono">4242 4242 4242 4242</span> succeeds,{" "}
                <span className="font-mono">4000 0000 0000 0002</span> is declined. Use any future expiry and
                any 3-digit CVC.
              </p>
            </form>
          )}
        </section>
      </div>
    </div>
  );
}

function inputClass(error?: string) {
  return `block w-full rounded-[12px] border bg-white px-3.5 py-3 text-base text-slate-800 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 sm:text-sm ${
    error
      ? "border-[#e63946] focus:ring-[#e63946]/30"
      : "border-slate-300 focus:border-[#e63946] focus:ring-[#e63946]/25"
  }`;
}

function CheckoutField({
  label,
  error,
  id,
  children,
}: {
  label: string;
  error?: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p className="mt-1.5 text-sm text-[#c62f3b]" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
