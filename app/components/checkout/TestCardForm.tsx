/**
 * The built-in test checkout's card form. With JavaScript it pays through the
 * JSON route; without it the browser posts the same fields to the page, whose
 * action runs the same payment. What the visitor typed before the scripts
 * arrived becomes the form's state, so a Pay pressed after hydration sends it.
 */
import { CreditCard, Lock } from "lucide-react";
import { useRef, useState } from "react";
import { requestJson } from "../../lib/api";
import { CARD_TEXT, testCardSchema } from "../../lib/booking";
import type { FormView } from "../../lib/form-result";
import { useResultInView } from "../../lib/result-in-view";
import { useAdoptTypedValues } from "../../lib/typed-before-hydration";

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

export type Errors = Partial<Record<"card_number" | "expiry" | "cvc" | "name" | "email" | "form", string>>;
export type CardValues = { card_number: string; expiry: string; cvc: string; name: string; email: string };

/** A refused payment as the form shows it: a decline above the button, else the field messages or the detail. */
export function paymentErrors(status: number, fieldErrors: Errors, detail: string): Errors {
  if (fieldErrors.card_number === CARD_TEXT.declined) return { form: CARD_TEXT.declined };
  if (Object.keys(fieldErrors).length) return fieldErrors;
  return { form: status > 0 ? detail : "We could not reach the payment service. Please try again." };
}

const FIELDS = ["card_number", "expiry", "cvc", "name", "email"] as const;
const EMPTY: CardValues = { card_number: "", expiry: "", cvc: "", name: "", email: "" };

export interface TestCardSession {
  id: string;
  needsEmail: boolean;
  cancelUrl: string;
}

export function TestCardForm({
  session,
  total,
  siteTitle,
  answer,
  onExpired,
}: {
  session: TestCardSession;
  total: string;
  siteTitle: string;
  /** A refused plain form post, shown again with what was sent (the card number cleared). */
  answer: FormView<unknown, CardValues & { form?: string }>;
  onExpired: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CardValues>(answer.values ?? EMPTY);
  const [errors, setErrors] = useState<Errors>(answer.errors);
  // Each refusal is a new errors object: its message comes into view once the payment call has answered.
  const refusedRef = useResultInView<HTMLParagraphElement>(errors.form ? errors : null);
  const [paying, setPaying] = useState(false);

  // A card typed on a slow phone before the scripts took over is the card paid with.
  useAdoptTypedValues(formRef, (typed) =>
    setValues((v) => {
      const next = { ...v };
      for (const field of FIELDS) {
        const value = typed.get(field);
        if (typeof value === "string") next[field] = value;
      }
      return next;
    }),
  );

  const set =
    (key: keyof CardValues, format?: (v: string) => string) => (e: React.ChangeEvent<HTMLInputElement>) =>
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
    if (result.status === 410) onExpired();
    setErrors(paymentErrors(result.status, result.errors as Errors, result.detail));
  }

  return (
    // With JavaScript the script pays through the JSON route; without it the browser posts to this page.
    <form ref={formRef} method="post" onSubmit={pay} noValidate className="space-y-5">
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
        Cancel and return to {siteTitle}
      </a>
      <p className="rounded-[12px] bg-slate-50 px-4 py-3 text-xs leading-relaxed text-slate-600">
        Test cards: <span className="font-mono">4242 4242 4242 4242</span> succeeds,{" "}
        <span className="font-mono">4000 0000 0000 0002</span> is declined. Use any future expiry and any
        3-digit CVC.
      </p>
    </form>
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
