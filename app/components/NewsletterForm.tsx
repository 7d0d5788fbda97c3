import { CircleCheck, CircleExclamationPoint } from "lucide-react";
import { useId, useRef, useState } from "react";
import { postJson } from "../lib/api";
import { useAdoptTypedValues } from "../lib/typed-before-hydration";

type State = { kind: "idle" | "sending" } | { kind: "success" | "error"; message: string };

/** The sign-up box's words, shared with the /newsletter page. */
export const NEWSLETTER_TEXT = {
  heading: "Newsletter",
  blurb: "Trip dates, new adventures and dive reports from the NSW coast.",
  failed: "We couldn't sign you up just now. Please try again in a moment.",
} as const;

/** Where the box posts before its script runs (or without JavaScript): the /newsletter page's action. */
export const NEWSLETTER_ACTION = "/newsletter";

/**
 * Footer sign-up: with JavaScript, POST /api/newsletter/subscribe (validated,
 * case-insensitive, idempotent) and the answer in place. Before the page's
 * scripts run, or without them, the same form is a plain POST to /newsletter,
 * whose action subscribes and shows the thank-you: the address never goes into
 * a URL.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const id = useId();
  const inputId = `${id}-email`;
  const statusId = `${id}-status`;
  const formRef = useRef<HTMLFormElement>(null);
  // An address typed before the scripts took over is the one subscribed.
  useAdoptTypedValues(formRef, (typed) => setEmail(String(typed.get("email") ?? "")));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // A quick check with the server's messages; the server validates fully. (The footer is on every
    // page, so it stays free of the validation library to keep first-load JavaScript small.)
    const value = email.trim();
    const problem = !value
      ? "Email is required"
      : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
        ? "Enter a valid email address"
        : null;
    if (problem) {
      setState({ kind: "error", message: problem });
      return;
    }
    setState({ kind: "sending" });
    const result = await postJson<{ message: string }>("/api/newsletter/subscribe", { email: value });
    if (result.ok) {
      setState({ kind: "success", message: result.data.message });
      setEmail("");
    } else if (result.status === 0 || result.status >= 500) {
      setState({ kind: "error", message: NEWSLETTER_TEXT.failed });
    } else {
      setState({ kind: "error", message: result.errors.email ?? result.detail });
    }
  }

  const error = state.kind === "error";
  return (
    <form
      ref={formRef}
      method="post"
      action={NEWSLETTER_ACTION}
      onSubmit={submit}
      noValidate
      aria-label="Newsletter sign-up"
      className="space-y-3"
    >
      <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">
        {NEWSLETTER_TEXT.heading}
      </h2>
      <p className="text-sm leading-relaxed">{NEWSLETTER_TEXT.blurb}</p>
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error}
          aria-describedby={statusId}
          className={`w-0 min-w-0 flex-1 rounded-xl border bg-white/10 px-3.5 py-2.5 text-base text-white placeholder:text-ocean-200 focus:border-reef-500 focus:ring-2 focus:ring-reef-500/40 focus:outline-none sm:text-sm ${
            error ? "border-coral-500" : "border-white/20"
          }`}
        />
        <button type="submit" className="btn-primary shrink-0 px-4" disabled={state.kind === "sending"}>
          {state.kind === "sending" ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <p
        id={statusId}
        role="status"
        className={`flex min-h-5 items-start gap-1.5 text-sm ${error ? "text-coral-100" : "text-reef-100"}`}
      >
        {state.kind === "success" && <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 flex-none" />}
        {error && <CircleExclamationPoint aria-hidden="true" className="mt-0.5 h-4 w-4 flex-none" />}
        {state.kind === "success" || error ? <span>{state.message}</span> : null}
      </p>
    </form>
  );
}
