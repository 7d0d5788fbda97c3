/** The booking page's answer, as the screen reads it (a type-only import: no server code in the browser). */
import type { BookingPageView } from "../../../../server/domain/console/booking-page.server";
import type { FormFailure } from "../../../lib/form-result";
import type { Flash } from "../ui";

export type { BookingPageView };
export type BookingPayment = BookingPageView["payments"][number];
export type BookingRefund = BookingPageView["refunds"][number];

/** The screen's notice, as each section reports what happened. */
export type Notify = (tone: Flash["tone"], title: string, detail?: string) => void;

/** A refused write as the notice says it: the field's own message sits under the field. */
export function failureDetail(res: FormFailure): string {
  if (res.network) return "Connection error";
  return Object.keys(res.errors).length ? "Check the field marked below." : res.detail;
}
