/**
 * Data for end-to-end specs, made through the running site's own API (public
 * calls and admin calls with a bearer token), so each spec creates what it
 * asserts on and removes it again in `finally`.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Signs the browser in the way the login screen does: the token in localStorage. */
export async function signIn(page: Page, token: string) {
  await page.addInitScript((t) => window.localStorage.setItem("admin_token", t), token);
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export interface DateOption {
  date: string;
  display: string;
  available: boolean;
  spots_left: number;
  price: number;
}

export async function openDates(request: APIRequestContext, adventureId: string): Promise<DateOption[]> {
  const res = await request.get(`/api/adventures/${adventureId}/dates`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as DateOption[]).filter((d) => d.available);
}

export interface CreatedBooking {
  checkout_url: string;
  booking_id: string;
  reference: string;
  session_id: string;
}

/** A booking through the public API (pending payment, its spots held). */
export async function createBooking(
  request: APIRequestContext,
  fields: { adventureId: string; date: string; email: string; groupSize?: number; firstName?: string },
): Promise<CreatedBooking> {
  const res = await request.post("/api/bookings", {
    data: {
      adventure_id: fields.adventureId,
      customer_first_name: fields.firstName ?? "Ava",
      customer_last_name: "Walker",
      customer_email: fields.email,
      customer_phone: "0400 123 456",
      group_size: fields.groupSize ?? 1,
      selected_date: fields.date,
      special_requirements: "",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CreatedBooking;
}

export async function setBookingStatus(
  request: APIRequestContext,
  token: string,
  bookingId: string,
  status: "confirmed" | "completed" | "cancelled",
) {
  const res = await request.put(`/api/admin/bookings/${bookingId}/status`, {
    headers: bearer(token),
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Cancels a booking unless it already is (releasing its spots); for `finally` blocks. */
export async function cancelBooking(request: APIRequestContext, token: string, bookingId: string) {
  const res = await request.put(`/api/admin/bookings/${bookingId}/status`, {
    headers: bearer(token),
    data: { status: "cancelled" },
  });
  // 409: it was cancelled already (by the test itself).
  expect([200, 409], await res.text()).toContain(res.status());
}

/** Today in Sydney, the business's own calendar day, as YYYY-MM-DD. */
export function sydneyToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(now);
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The test card that pays, as the checkout page's form sends it. */
const PAYING_CARD = { card_number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ava Walker" };

/**
 * Pays a booking with the paying test card through the test checkout's own API
 * (what the checkout page's button sends); answers the address of the success
 * page the customer ends on.
 */
export async function payCheckout(request: APIRequestContext, booking: CreatedBooking): Promise<string> {
  const sessionId = new URL(booking.checkout_url).pathname.split("/").pop() as string;
  const paid = await request.post(`/api/payments/v1/test-checkout/${sessionId}/pay`, { data: PAYING_CARD });
  expect(paid.status(), await paid.text()).toBe(200);
  return `/book/success?confirmed=true&session_id=${encodeURIComponent(sessionId)}`;
}

/**
 * Pays a booking (payCheckout), loads the success page as the browser would and
 * answers the private "manage my booking" link it offers (a path). For specs
 * whose subject comes after the payment.
 */
export async function payBooking(request: APIRequestContext, booking: CreatedBooking): Promise<string> {
  const success = await request.get(await payCheckout(request, booking));
  expect(success.status()).toBe(200);
  const link = /href="(\/my-booking\/[A-Za-z0-9_-]{43})"/.exec(await success.text())?.[1];
  expect(link, "the success page's manage link").toBeTruthy();
  return link as string;
}

/**
 * The first message in a sink's inbox (`messages`) that matches, polled until it
 * arrives: the server's outbox sends every few hundred milliseconds.
 */
export async function mailMatching<M>(inbox: M[], match: (m: M) => boolean, timeout = 20_000): Promise<M> {
  await expect.poll(() => inbox.some(match), { timeout, message: "no matching email arrived" }).toBe(true);
  return inbox.find(match) as M;
}

/** A clean-up step a test registers as soon as it has made something. */
export type Cleanup = (request: APIRequestContext, token: string) => Promise<void>;

/**
 * Runs (newest first) and forgets the clean-ups a test registered; for an
 * afterEach hook. The hook has time of its own and runs before the test's
 * request context is closed, so it still cleans up after a test that ran out of
 * time, when a `finally` in the abandoned test body would find the context gone.
 * Every step runs even if one fails; the first failure is reported.
 */
export async function runCleanups(request: APIRequestContext, cleanups: Cleanup[]) {
  const steps = cleanups.splice(0).reverse();
  if (steps.length === 0) return;
  const token = await adminToken(request);
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step(request, token);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}
