import { resendBookingLinks } from "../../../server/domain/bookings/resend-links.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { ResendLinkForm } from "../../components/ResendLinkForm";
import { getApp } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formSuccess, formView } from "../../lib/form-result";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import { emailField } from "../../lib/validation";
import type { Route } from "./+types/my-booking-find";

/**
 * A fresh link to every paid booking made with an email address. The answer
 * is the same whether or not the address has booked (only the inbox learns
 * that); the rate limit (booking-link-resend) bounds how often it is asked.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const { email } = await postedText(request, ["email"]);
  const parsed = emailField.safeParse(email);
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Enter a valid email address";
    return formAnswer(formFailure(400, error, { values: { email }, errors: { email: error } }));
  }
  const values = { email: parsed.data };
  try {
    await resendBookingLinks(app.booking, parsed.data);
  } catch (error) {
    // The form words the fault itself.
    pageFailed(app, "booking links could not be re-sent", error);
    return formAnswer(formFailure(500, "", { values }));
  }
  return formAnswer(formSuccess(null, { values }));
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Find your booking | ${siteName(matches[0].loaderData.content)}`,
    description: "Get a fresh private link to your booking by email.",
    path: "/my-booking",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function FindBooking({ actionData }: Route.ComponentProps) {
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-xl py-12 sm:py-16">
        <h1 className="text-3xl font-semibold sm:text-4xl">Find your booking</h1>
        <p className="mt-3 text-slate-600">
          Every confirmation email has a private link to your booking. Lost it? Enter the email address you
          booked with and we will send a fresh link for each booking made with it.
        </p>
        <section className="card mt-8 p-6" aria-label="Send my booking link">
          <ResendLinkForm result={formView(actionData)} />
        </section>
      </div>
    </div>
  );
}
