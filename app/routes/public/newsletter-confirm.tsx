import { MailCheck, MailPlus, MailX } from "lucide-react";
import { data, Form, Link } from "react-router";
import { confirmByToken, confirmLinkIsLive } from "../../../server/domain/messaging/newsletter-signup.server";
import { getApp } from "../../lib/context";
import { formAnswer, formSuccess, formView } from "../../lib/form-result";
import { CONFIRM_LINK_DAYS } from "../../lib/newsletter";
import { seo } from "../../lib/seo";
import type { Route } from "./+types/newsletter-confirm";

type State = "ready" | "confirmed" | "invalid";

/**
 * The page a sign-up's confirmation email opens. Opening it changes nothing
 * (mail scanners and previews fetch links); the button's POST, a plain form
 * that works without JavaScript, puts the address on the list. A link that is
 * unknown, used or expired gets a page saying so, with the way to a new one.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const live = await confirmLinkIsLive(app.db, params.token, app.booking.now());
  return data<{ state: State }>({ state: live ? "ready" : "invalid" });
}

export async function action({ params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const confirmed = await confirmByToken(app.db, params.token, app.booking.now());
  if (confirmed) app.log.info("newsletter sign-up confirmed");
  // A link that cannot confirm is not a fault of the form: the page says so and how to get a new one.
  return formAnswer(formSuccess<{ state: State }>({ state: confirmed ? "confirmed" : "invalid" }));
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Confirm your subscription | Tidewater Dive & Camp",
    description: "Confirm your Tidewater Dive & Camp newsletter subscription.",
    // Never the token in a canonical address.
    path: "/",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

const ICONS = { ready: MailPlus, confirmed: MailCheck, invalid: MailX } as const;

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const state: State = formView(actionData).data?.state ?? loaderData.state;
  const Icon = ICONS[state];
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-xl py-12 sm:py-16">
        <section className="card p-6 sm:p-8" aria-labelledby="confirm-heading">
          <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-reef-50 text-reef-700">
            <Icon aria-hidden="true" className="h-6 w-6" />
          </span>
          {state === "ready" ? (
            <>
              <h1 id="confirm-heading" className="mt-5 text-3xl font-semibold">
                Confirm your subscription
              </h1>
              <p className="mt-3 text-slate-600">
                Press the button to start getting our newsletter: trip dates, new adventures and dive reports
                from the NSW coast. Every newsletter has a link to unsubscribe.
              </p>
              <Form method="post" replace className="mt-6">
                <button type="submit" className="btn-primary w-full sm:w-auto">
                  Confirm subscription
                </button>
              </Form>
            </>
          ) : state === "confirmed" ? (
            <div role="status" data-testid="newsletter-confirmed">
              <h1 id="confirm-heading" className="mt-5 text-3xl font-semibold">
                You're subscribed
              </h1>
              <p className="mt-3 text-slate-600">
                Thanks for confirming. Our next newsletter will reach you at this address, and every one has a
                link to unsubscribe.
              </p>
            </div>
          ) : (
            <div role="status" data-testid="newsletter-confirm-invalid">
              <h1 id="confirm-heading" className="mt-5 text-3xl font-semibold">
                This link has expired or was already used
              </h1>
              <p className="mt-3 text-slate-600">
                A confirmation link works once, for {CONFIRM_LINK_DAYS} days. If you have already confirmed,
                you're on our list and there is nothing more to do.
              </p>
              <p className="mt-3 text-slate-600">
                Otherwise, sign up again with the form at the bottom of any page and we'll email you a new
                link.
              </p>
            </div>
          )}
          <p className="mt-8 text-sm">
            <Link to="/" className="font-medium text-reef-700 underline">
              Back to the website
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
