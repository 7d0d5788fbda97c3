/**
 * The payment-status check on /book?session_id=... as
 * a small state machine: pure decisions plus a runner with injected timers,
 * so the timings (2 s polls, 10 attempts, 3 s before the redirect) are tested.
 */
import { NO_STORE } from "../../lib/cache-control";
import { isPaid } from "../../lib/paid";

export const STATUS_TEXT = {
  checking: "Checking payment status...",
  paid: "Payment successful! Thank you for your booking. You will receive a confirmation email shortly.",
  expired: "Payment session expired. Please try booking again.",
  cancelled: "Payment was cancelled. Please try booking again if you wish to proceed.",
  processing: "Payment is being processed...",
  timedOut: "Payment status check timed out. Please check your email for confirmation.",
  error: "Error checking payment status. Please contact us if you completed the payment.",
} as const;

/** The spec's internal error states, kept for logs and tests. */
export const ERROR_STATE = {
  expired: "Payment session expired",
  cancelled: "Payment cancelled",
  timedOut: "Payment verification timed out",
  error: "Payment verification error",
} as const;

export const POLL = { intervalMs: 2000, maxAttempts: 10, redirectDelayMs: 3000 } as const;

export type StatusResult =
  | { ok: true; data: { status?: unknown; payment_status?: unknown } }
  /** `detail`: the server's own sentence when it asks the visitor to wait (429). */
  | { ok: false; detail?: string };

export type Next =
  | { kind: "poll"; delayMs: number }
  | { kind: "redirect"; delayMs: number; to: string }
  | { kind: "stop" };

export interface Step {
  message: string;
  error?: string;
  next: Next;
}

export function successUrl(sessionId: string): string {
  return `/book/success?confirmed=true&session_id=${encodeURIComponent(sessionId)}`;
}

/** What one answer means, on the given (1-based) attempt. */
export function interpret(
  result: StatusResult,
  attempt: number,
  sessionId: string,
  timing: { intervalMs: number; maxAttempts: number; redirectDelayMs: number } = POLL,
): Step {
  if (!result.ok) {
    return { message: result.detail || STATUS_TEXT.error, error: ERROR_STATE.error, next: { kind: "stop" } };
  }
  const { status, payment_status } = result.data;
  if (isPaid({ paymentStatus: payment_status, status })) {
    return {
      message: STATUS_TEXT.paid,
      next: { kind: "redirect", delayMs: timing.redirectDelayMs, to: successUrl(sessionId) },
    };
  }
  if (status === "expired")
    return { message: STATUS_TEXT.expired, error: ERROR_STATE.expired, next: { kind: "stop" } };
  if (status === "cancelled") {
    return { message: STATUS_TEXT.cancelled, error: ERROR_STATE.cancelled, next: { kind: "stop" } };
  }
  if (attempt >= timing.maxAttempts) {
    return { message: STATUS_TEXT.timedOut, error: ERROR_STATE.timedOut, next: { kind: "stop" } };
  }
  return { message: STATUS_TEXT.processing, next: { kind: "poll", delayMs: timing.intervalMs } };
}

export type BannerTone = "success" | "error" | "info";

/** Green for success, red for expired or cancelled, otherwise neutral blue. */
export function bannerTone(text: string): BannerTone {
  if (text.includes("successful")) return "success";
  if (text.includes("expired") || text.includes("cancelled")) return "error";
  return "info";
}

export interface PollOptions {
  sessionId: string;
  fetchStatus(sessionId: string): Promise<StatusResult>;
  onUpdate(step: { message: string; error?: string; attempt: number }): void;
  navigate(to: string): void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  timing?: { intervalMs: number; maxAttempts: number; redirectDelayMs: number };
}

/** Runs the check until a final answer; returns a function that stops it. */
export function startPaymentPolling(options: PollOptions): () => void {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const timing = options.timing ?? POLL;
  let stopped = false;
  let handle: unknown;

  options.onUpdate({ message: STATUS_TEXT.checking, attempt: 0 });

  const run = async (attempt: number) => {
    if (stopped) return;
    let result: StatusResult;
    try {
      result = await options.fetchStatus(options.sessionId);
    } catch {
      result = { ok: false };
    }
    if (stopped) return;
    const step = interpret(result, attempt, options.sessionId, timing);
    options.onUpdate({ message: step.message, error: step.error, attempt });
    const next = step.next;
    if (next.kind === "poll") handle = setTimer(() => void run(attempt + 1), next.delayMs);
    else if (next.kind === "redirect")
      handle = setTimer(() => !stopped && options.navigate(next.to), next.delayMs);
  };
  void run(1);

  return () => {
    stopped = true;
    if (handle !== undefined) clearTimer(handle);
  };
}

/** The status call as the page makes it: any non-OK answer or network failure is a failure. */
export async function fetchPaymentStatus(sessionId: string): Promise<StatusResult> {
  try {
    const res = await fetch(`/api/payments/v1/checkout/status/${encodeURIComponent(sessionId)}`, {
      headers: { Accept: "application/json" },
      cache: NO_STORE,
    });
    if (res.status === 429) {
      const body = (await res.json().catch(() => ({}))) as { detail?: unknown };
      if (typeof body.detail === "string") return { ok: false, detail: body.detail };
    }
    if (!res.ok) throw new Error("Failed to check payment status");
    return { ok: true, data: (await res.json()) as { status?: unknown; payment_status?: unknown } };
  } catch {
    return { ok: false };
  }
}
