import { AlertCircle, CheckCircle2, Clock, FlaskConical, XCircle } from "lucide-react";
import { bannerTone } from "./payment-status";

const TONES = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-coral-500/30 bg-coral-50 text-coral-800",
  info: "border-ocean-200 bg-ocean-50 text-ocean-900",
} as const;

/** The payment-status banner: its colour follows the text. */
export function PaymentBanner({ message }: { message: string }) {
  const tone = bannerTone(message);
  const Icon = tone === "success" ? CheckCircle2 : tone === "error" ? XCircle : Clock;
  return (
    <div
      role="status"
      aria-live="polite"
      data-tone={tone}
      data-testid="payment-banner"
      className={`flex items-start gap-3 rounded-2xl border px-4 py-3.5 text-sm font-medium sm:text-base ${TONES[tone]}`}
    >
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${tone === "info" ? "animate-pulse" : ""}`}
        aria-hidden="true"
      />
      <p>{message}</p>
    </div>
  );
}

export function ErrorBanner({ message }: { message: string }) {
  return (
    <div
      role="alert"
      data-testid="error-banner"
      className="flex items-start gap-3 rounded-2xl border border-coral-500/30 bg-coral-50 px-4 py-3.5 text-sm font-medium text-coral-800"
    >
      <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/** Says plainly that no real money moves while the built-in test checkout is in use. */
export function TestModeNotice() {
  return (
    <div
      className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="test-mode-notice"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Test mode is on.</strong> Payments go through our test checkout and
        no card is charged. Use card 4242 4242 4242 4242 with any future expiry and CVC.
      </p>
    </div>
  );
}
