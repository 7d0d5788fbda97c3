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
