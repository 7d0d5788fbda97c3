import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { data, redirect } from "react-router";
import { payTestCheckout } from "../../../server/domain/bookings/settle.server";
import { HttpError } from "../../../server/errors.server";
import { effectiveStatus, findTestSession } from "../../../server/payments/test-checkout.server";
import { validateBody } from "../../../server/security/text.server";
import { successUrl } from "../../components/booking/payment-status";
import {
  type CardValues,
  type Errors,
  paymentErrors,
  TestCardForm,
} from "../../components/checkout/TestCardForm";
import { testCardSchema } from "../../lib/booking";
import { NO_STORE_HEADERS } from "../../lib/cache-control";
import { getApp } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formView } from "../../lib/form-result";
import { formatMoney } from "../../lib/money";
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
  const [status, setStatus] = useState(answer.status === 410 ? "expired" : session.status);
  const total = formatMoney(session.amountTotalCents, session.currency, true);

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
            <TestCardForm
              session={session}
              total={total}
              siteTitle={site.title}
              answer={answer}
              onExpired={() => setStatus("expired")}
            />
          )}
        </section>
      </div>
    </div>
  );
}
