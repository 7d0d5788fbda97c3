import { CircleAlert, MailCheck } from "lucide-react";
import { Form, redirect } from "react-router";
import { requestReleaseLink } from "../../../server/domain/bookings/checkout-release.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { RELEASE_OFFER_BUTTON, RELEASE_REQUESTED, releaseRequestSchema } from "../../lib/checkout-release";
import { getApp } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formView } from "../../lib/form-result";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import type { Route } from "./+types/checkout-release-request";

/**
 * Asks for a link that releases an address's unfinished checkouts. /book's
 * refusal posts here (a plain form, with or without JavaScript); the answer
 * is a redirect to the same sentence for every address, so the page tells
 * nobody whether an address has checkouts. The address never goes into a URL.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const { email } = await postedText(request, ["email"]);
  const parsed = releaseRequestSchema.safeParse({ email });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Enter a valid email address";
    return formAnswer(formFailure(400, error, { values: { email }, errors: { email: error } }));
  }
  try {
    const { emailed } = await requestReleaseLink(app.booking, parsed.data.email);
    app.log.info("checkout release link asked for", { emailed });
  } catch (error) {
    pageFailed(app, "checkout release link could not be sent", error);
    return formAnswer(
      formFailure(500, "We could not send the link just now. Please try again in a few minutes."),
    );
  }
  return redirect("/checkouts/release?sent=1", { status: 303 });
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Release unfinished checkouts | ${siteName(matches[0].loaderData.content)}`,
    description: "Get a link by email to release the checkouts you did not finish.",
    path: "/checkouts/release",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function CheckoutReleaseRequest({ loaderData, actionData }: Route.ComponentProps) {
  const result = formView<null, { email: string }>(actionData);
  const invalid = result.errors.email ?? "";
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-xl py-12 sm:py-16">
        <h1 className="text-3xl font-semibold sm:text-4xl">Release unfinished checkouts</h1>
        <p className="mt-3 text-slate-600">
          A checkout you started but did not pay holds its spots for 30 minutes, and an address can have only
          a few at once. We can email you a link that lists yours and releases them, so you can book again
          now.
        </p>
        <section className="card mt-8 p-6" aria-label="Email me a release link">
          <div aria-live="polite">
            {loaderData.sent ? (
              <div className="mb-5 flex gap-3 rounded-2xl border border-reef-100 bg-reef-50 p-4 text-slate-700">
                <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-reef-700" />
                <p data-testid="release-requested">
                  {RELEASE_REQUESTED} Check your inbox (and the spam folder) in a few minutes.
                </p>
              </div>
            ) : null}
            {result.sent && !result.ok && !invalid ? (
              <div className="mb-5 flex gap-3 rounded-2xl border border-coral-100 bg-coral-50 p-4 text-coral-800">
                <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
                <p>{result.detail}</p>
              </div>
            ) : null}
          </div>
          <Form method="post" action="/checkouts/release" className="space-y-4" noValidate>
            <div>
              <label htmlFor="release-email" className="field-label">
                The email address you used at checkout
              </label>
              <input
                id="release-email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                defaultValue={result.values?.email ?? ""}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? "release-email-error" : undefined}
                className={`field ${invalid ? "border-coral-600" : ""}`}
              />
              {invalid ? (
                <p id="release-email-error" className="mt-1.5 text-sm text-coral-700">
                  {invalid}
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn-primary w-full sm:w-auto">
              {RELEASE_OFFER_BUTTON}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}
