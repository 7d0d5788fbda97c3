/** The booking page's answer, as the screen reads it (a type-only import: no server code in the browser). */
import type { BookingPageView } from "../../../../server/domain/console/booking-page.server";
import type { Flash } from "../ui";

export type { BookingPageView };
export type BookingPayment = BookingPageView["payments"][number];
export type BookingRefund = BookingPageView["refunds"][number];

/** The screen's notice, as each section reports what happened. */
export type Notify = (tone: Flash["tone"], title: string, detail?: string) => void;
