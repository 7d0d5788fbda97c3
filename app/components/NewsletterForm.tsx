import { useState } from "react";
import { postJson } from "../lib/api";

type State = { kind: "idle" | "sending" } | { kind: "success" | "error"; message: string };

/** Footer sign-up: POST /api/newsletter/subscribe (validated, case-insensitive, idempotent). */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setState({ kind: "sending" });
    const result = await postJson<{ message: string }>("/api/newsletter/subscribe", { email });
    if (result.ok) {
      setState({ kind: "success", message: result.data.message });
      setEmail("");
    } else {
      setState({ kind: "error", message: result.errors.email ?? result.detail });
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Newsletter sign-up" className="space-y-3">
      <label htmlFor="newsletter-email" className="block text-sm font-semibold text-white">
        Get trip dates and dive reports
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={state.kind === "error"}
          aria-describedby="newsletter-status"
          className="min-w-0 flex-1 rounded-xl border border-white/20 bg-white/10 px-3.5 py-2.5 text-base text-white placeholder:text-ocean-200 focus:border-reef-500 focus:outline-none sm:text-sm"
        />
        <button type="submit" className="btn-primary shrink-0 px-4" disabled={state.kind === "sending"}>
          {state.kind === "sending" ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <p
        id="newsletter-status"
        role="status"
        className={`min-h-5 text-sm ${state.kind === "error" ? "text-coral-100" : "text-reef-100"}`}
      >
        {state.kind === "success" || state.kind === "error" ? state.message : ""}
      </p>
    </form>
  );
}
