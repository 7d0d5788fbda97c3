import { CircleCheck, CircleExclamationPoint } from "lucide-react";
import { Form } from "react-router";
import { requestSubscription } from "../../../server/domain/messaging/newsletter-signup.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { NEWSLETTER_ACTION, NEWSLETTER_TEXT } from "../../components/NewsletterForm";
import { getApp } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formSuccess, formView } from "../../lib/form-result";
import { SIGN_UP_ANSWER } from "../../lib/newsletter";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import { newsletterSchema } from "../../lib/validation";
import type { Route } from "./+types/newsletter";

/**
 * The footer's sign-up box posts here when its script has not run (before
 * hydration, or without JavaScript): the same schema, requestSubscription()
 * (double opt-in) and answer as POST /api/newsletter/subscribe, and the same
 * rate-limit budget.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const { email } = await postedText(request, ["email"]);
  const parsed = newsletterSchema.safeParse({ email });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Enter a valid email address";
    return formAnswer(formFailure(400, message, { values: { email }, errors: { email: message } }));
  }
  try {
    const { emailed } = await requestSubscription(
      { db: app.db, publicUrl: app.env.publicUrl, now: app.booking.now },
      parsed.data.email,
    );
    app.log.info("newsletter sign-up", { emailed });
  } catch (error) {
    pageFailed(app, "newsletter sign-up failed", error);
    return formAnswer(formFailure(500, NEWSLETTER_TEXT.failed, { values: { email } }));
  }
  return formAnswer(formSuccess({ message: SIGN_UP_ANSWER }));
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Newsletter | ${siteName(matches[0].loaderData.content)}`,
    description: NEWSLETTER_TEXT.blurb,
    path: "/newsletter",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const result = formView(actionData);
  const problem = result.sent && !result.ok ? result : null;
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-xl py-12 sm:py-16">
        <h1 className="text-3xl font-semibold sm:text-4xl">{NEWSLETTER_TEXT.heading}</h1>
        <p className="mt-3 text-slate-600">{NEWSLETTER_TEXT.blurb}</p>
        {result.ok ? (
          <div
            role="status"
            className="mt-8 flex gap-3 rounded-2xl border border-reef-100 bg-reef-50 p-4 text-slate-700"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-reef-700" />
            <p data-testid="newsletter-status">{result.data?.message}</p>
          </div>
        ) : (
          <Form method="post" action={NEWSLETTER_ACTION} noValidate className="card mt-8 space-y-4 p-6">
            <div>
              <label htmlFor="newsletter-email" className="field-label">
                Email address
              </label>
              <input
                id="newsletter-email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                placeholder="you@example.com"
                defaultValue={problem?.values?.email ?? ""}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? "newsletter-email-error" : undefined}
                className={`field ${problem ? "border-coral-600" : ""}`}
              />
              {problem ? (
                <p
                  id="newsletter-email-error"
                  role="alert"
                  className="mt-1.5 flex items-start gap-1.5 text-sm text-coral-700"
                >
                  <CircleExclamationPoint aria-hidden="true" className="mt-0.5 h-4 w-4 flex-none" />
                  <span data-testid="newsletter-status">{problem.detail}</span>
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn-primary w-full sm:w-auto">
              Subscribe
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
