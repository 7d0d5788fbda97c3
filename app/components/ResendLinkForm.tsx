import { CircleAlert, CircleCheck } from "lucide-react";
import { Form } from "react-router";
import type { FormView } from "../lib/form-result";

/** What /my-booking's action answered: sent, a refused address (its message), or a fault. */
export type ResendAnswer = FormView<null, { email: string }>;

/**
 * Asks for a fresh booking link by email. It posts to /my-booking as a plain
 * form (works without JavaScript); the answer is the same whether or not the
 * address has booked, so the form never tells who is a customer.
 */
export function ResendLinkForm({ result }: { result?: ResendAnswer }) {
  const invalid = result?.errors.email ?? "";
  const email = result?.values?.email ?? "";
  return (
    <div>
      <div aria-live="polite">
        {result?.ok ? (
          <div className="mb-5 flex gap-3 rounded-2xl border border-reef-100 bg-reef-50 p-4 text-slate-700">
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-reef-700" />
            <p data-testid="resend-sent">
              If <strong className="break-all">{email}</strong> has a booking with us, a fresh link is on its
              way to it now. Check your inbox (and the spam folder) in a few minutes.
            </p>
          </div>
        ) : null}
        {result?.sent && !result.ok && !invalid ? (
          <div className="mb-5 flex gap-3 rounded-2xl border border-coral-100 bg-coral-50 p-4 text-coral-800">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p>We could not send the link just now. Please try again in a few minutes, or contact us.</p>
          </div>
        ) : null}
      </div>
      <Form method="post" action="/my-booking" className="space-y-4" noValidate>
        <div>
          <label htmlFor="resend-email" className="field-label">
            The email address you booked with
          </label>
          <input
            id="resend-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={result?.ok ? "" : email}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? "resend-email-error" : undefined}
            className={`field ${invalid ? "border-coral-600" : ""}`}
          />
          {invalid ? (
            <p id="resend-email-error" className="mt-1.5 text-sm text-coral-700">
              {invalid}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Email me my booking link
        </button>
      </Form>
    </div>
  );
}
