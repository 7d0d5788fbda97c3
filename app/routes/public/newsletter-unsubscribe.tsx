import { MailCheck, MailX } from "lucide-react";
import { data, Form, Link } from "react-router";
import { unsubscribeByToken } from "../../../server/domain/messaging/newsletter-send.server";
import { getApp } from "../../lib/context";
import { formAnswer, formSuccess, formView } from "../../lib/form-result";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import type { Route } from "./+types/newsletter-unsubscribe";

/**
 * The page a newsletter's unsubscribe link opens. Opening it changes nothing
 * (link scanners and previews fetch it); the button's POST unsubscribes. Every
 * token, right or wrong, gets the same page and the same confirmation, so the
 * link tells nobody whether an address is on the list.
 */
export function loader() {
  return data(null);
}

export async function action({ params, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (await unsubscribeByToken(app.db, params.token)) {
    app.log.info("newsletter unsubscribe", { via: "page" });
  }
  // The same answer for every token, right or wrong.
  return formAnswer(formSuccess(null));
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Unsubscribe | ${siteName(matches[0].loaderData.content)}`,
    description: `Stop the ${siteName(matches[0].loaderData.content)} newsletter.`,
    // Never the token in a canonical address.
    path: "/",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function NewsletterUnsubscribe({ actionData }: Route.ComponentProps) {
  const done = formView(actionData).ok;
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-xl py-12 sm:py-16">
        <section className="card p-6 sm:p-8" aria-labelledby="unsubscribe-heading">
          <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-reef-50 text-reef-700">
            {done ? (
              <MailCheck aria-hidden="true" className="h-6 w-6" />
            ) : (
              <MailX aria-hidden="true" className="h-6 w-6" />
            )}
          </span>
          {done ? (
            <div role="status" data-testid="unsubscribed">
              <h1 id="unsubscribe-heading" className="mt-5 text-3xl font-semibold">
                You're unsubscribed
              </h1>
              <p className="mt-3 text-slate-600">
                We will not send you our newsletter again. Emails about your bookings still reach you.
              </p>
              <p className="mt-3 text-slate-600">
                Changed your mind? Subscribe again with the form at the bottom of any page.
              </p>
            </div>
          ) : (
            <>
              <h1 id="unsubscribe-heading" className="mt-5 text-3xl font-semibold">
                Unsubscribe from our newsletter
              </h1>
              <p className="mt-3 text-slate-600">
                Press the button to stop our newsletter emails. Emails about your bookings are not affected.
              </p>
              <Form method="post" replace className="mt-6">
                <button type="submit" className="btn-primary w-full sm:w-auto">
                  Unsubscribe
                </button>
              </Form>
            </>
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
