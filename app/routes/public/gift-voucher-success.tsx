import { CheckCircle2, Clock, Gift, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { fulfil } from "../../../server/domain/bookings/settle.server";
import { giftVoucherStatus } from "../../../server/domain/vouchers/gift-vouchers.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { getApp } from "../../lib/context";
import { formatMoney } from "../../lib/money";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import type { Route } from "./+types/gift-voucher-success";

/** While the payment is pending the page looks again every 2 seconds, this many times. */
const POLLS = 15;

/**
 * Where a gift voucher's checkout returns. The session is settled first (the
 * same fulfil as the webhook and the status check, which activates the
 * voucher and emails its code once); the page then says what happened. The
 * code itself is only ever in the email, never in this page or its address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const before = sessionId ? await giftVoucherStatus(app.booking, sessionId) : null;
  if (before?.state === "pending") {
    await fulfil(app.booking, sessionId).catch((error: unknown) =>
      pageFailed(app, "settling a gift voucher checkout failed", error),
    );
  }
  const order = before?.state === "pending" ? await giftVoucherStatus(app.booking, sessionId) : before;
  return data({ order, sessionId });
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Gift voucher | ${siteName(matches[0].loaderData.content)}`,
    description: "Thank you for your gift voucher.",
    path: "/gift-vouchers/success",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function GiftVoucherSuccess({ loaderData }: Route.ComponentProps) {
  const { order, sessionId } = loaderData;
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  const pending = order?.state === "pending";

  // With JavaScript a pending payment is looked at again until it settles (the loader asks the provider).
  useEffect(() => {
    if (!pending || polls >= POLLS || revalidator.state !== "idle") return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      revalidator.revalidate();
    }, 2000);
    return () => clearTimeout(timer);
  }, [pending, polls, revalidator]);

  const amount = order ? formatMoney(order.amountCents, order.currency, true) : "";
  const ownVoucher = order && order.recipientEmail.toLowerCase() === order.purchaserEmail.toLowerCase();

  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-2xl py-12 text-center sm:py-16">
        {order?.state === "paid" ? (
          <>
            <CheckCircle2 className="mx-auto size-14 text-reef-600" aria-hidden="true" />
            <h1 className="mt-4 text-4xl font-semibold sm:text-5xl">Your voucher is on its way</h1>
            <p className="mx-auto mt-3 text-lg text-slate-600" data-testid="gift-status">
              Thank you! Your {amount} gift voucher has been paid
              {ownVoucher
                ? ` and its code is on its way to ${order.recipientEmail}.`
                : ` and its code is on its way to ${order.recipientName || order.recipientEmail} (${order.recipientEmail}), with a copy to you at ${order.purchaserEmail}.`}
            </p>
            <div className="card mx-auto mt-8 flex items-start gap-3 p-5 text-left text-sm text-slate-600">
              <Gift className="mt-0.5 size-5 shrink-0 text-reef-600" aria-hidden="true" />
              <p>
                The voucher is valid for three years and pays for any adventure: enter its code under "Have a
                voucher?" when booking. If the email has not arrived within a few minutes, please check the
                spam folder or get in touch.
              </p>
            </div>
          </>
        ) : order?.state === "pending" ? (
          <>
            <Clock className="mx-auto size-14 animate-pulse text-ocean-600" aria-hidden="true" />
            <h1 className="mt-4 text-4xl font-semibold sm:text-5xl">Confirming your payment</h1>
            <p className="mx-auto mt-3 text-lg text-slate-600" role="status" data-testid="gift-status">
              {polls >= POLLS
                ? "Your payment is still being processed. The voucher is emailed as soon as it is complete."
                : "This takes a moment. The voucher is emailed as soon as the payment is complete."}
            </p>
            <p className="mt-6">
              <a
                className="font-semibold text-reef-700 underline"
                href={`/gift-vouchers/success?session_id=${encodeURIComponent(sessionId)}`}
              >
                Check again
              </a>
            </p>
          </>
        ) : (
          <>
            <XCircle className="mx-auto size-14 text-coral-600" aria-hidden="true" />
            <h1 className="mt-4 text-4xl font-semibold sm:text-5xl">
              {order ? "The payment was not completed" : "We could not find this order"}
            </h1>
            <p className="mx-auto mt-3 text-lg text-slate-600" data-testid="gift-status">
              {order
                ? "You have not been charged. You can start again whenever you are ready."
                : "If you have paid, the voucher is emailed to you in a few minutes; otherwise please start again."}
            </p>
          </>
        )}
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to="/gift-vouchers" className="btn-secondary">
            {order?.state === "paid" ? "Buy another voucher" : "Gift vouchers"}
          </Link>
          <Link to="/adventures" className="btn-primary">
            Explore adventures
          </Link>
        </div>
      </div>
    </div>
  );
}
