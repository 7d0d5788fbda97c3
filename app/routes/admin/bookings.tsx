import { ChevronLeft, ChevronRight, ClipboardList, Download, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import type { AdminBookingParticipants } from "../../../server/domain/dive-ops/participants.server";
import {
  Alert,
  Button,
  buttonClass,
  Card,
  ConfirmDialog,
  EmptyState,
  FlashAlert,
  PageHeader,
  useFlash,
} from "../../components/admin";
import { BookingParticipants } from "../../components/admin/BookingParticipants";
import { BookingCards } from "../../components/admin/bookings/BookingCards";
import { BookingFilters } from "../../components/admin/bookings/BookingFilters";
import { BookingTable } from "../../components/admin/bookings/BookingTable";
import type { BookingHandlers } from "../../components/admin/bookings/controls";
import { RefundSummary } from "../../components/admin/bookings/RefundSummary";
import type { AdminBooking, BookingPage, BookingStatus, RefundPreview } from "../../components/admin/types";
import { adminDownload } from "../../lib/admin-api";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { sydneyDate } from "../../lib/dates";
import { formatDollars } from "../../lib/money";
import type { Route } from "./+types/bookings";

const PAGE_SIZE = 25;

/** The list's filter as the URL holds it: the loader and the export read the same status and search. */
function filterOf(params: URLSearchParams) {
  const sp = new URLSearchParams();
  const status = params.get("status");
  const q = params.get("q");
  const readiness = params.get("readiness");
  if (status) sp.set("status", status);
  if (q) sp.set("q", q);
  if (readiness) sp.set("readiness", readiness);
  return sp;
}

const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get("page")) || 1);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const sp = filterOf(params);
  sp.set("page", String(pageOf(params)));
  sp.set("page_size", String(PAGE_SIZE));
  // ?booking=<id> opens that booking's participants beside the list.
  const open = params.get("booking");
  const [bookings, participants] = await Promise.all([
    adminGet<BookingPage>(`/api/bookings?${sp}`),
    open
      ? adminGet<AdminBookingParticipants>(`/api/admin/bookings/${encodeURIComponent(open)}/participants`)
      : null,
  ]);
  return { bookings, participants };
}
export const clientAction = adminAction;

type Pending =
  | { kind: "completed"; booking: AdminBooking }
  | { kind: "cancelled"; booking: AdminBooking; preview: RefundPreview | null; previewError: string };

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const q = params.get("q") ?? "";
  const readiness = params.get("readiness") ?? "";
  const page = pageOf(params);
  // A failed load keeps nothing on screen but the error (the list is the server's, or none).
  const data = dataOr<BookingPage | null>(loaderData.bookings, null);
  const loadError = failureText(loaderData.bookings, "Failed to fetch bookings");
  // While another page or filter loads, paging stays put so one click moves one page.
  const navigating = useNavigation().state !== "idle";
  const write = useAdminWrite();

  const { flash, show, clear } = useFlash();
  const [pending, setPending] = useState<Pending | null>(null);
  const [revoking, setRevoking] = useState<AdminBooking | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);

  const update = (next: Record<string, string>) => {
    const sp = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) sp.set(k, v);
      else sp.delete(k);
    }
    setParams(sp, { replace: false });
  };

  const ask = async (booking: AdminBooking, kind: BookingStatus) => {
    clear();
    if (kind === "completed") {
      setPending({ kind: "completed", booking });
      return;
    }
    setPending({ kind: "cancelled", booking, preview: null, previewError: "" });
    // The refund is worked out when the operator asks to cancel (the policy counts days to the
    // trip, so it is read at that moment), not with the list: the dialog opens at once and
    // shows it when it arrives.
    const res = await adminGet<RefundPreview>(
      `/api/admin/bookings/${encodeURIComponent(booking.id)}/refund-preview`,
    );
    setPending((p) =>
      p && p.kind === "cancelled" && p.booking.id === booking.id
        ? res.ok
          ? { ...p, preview: res.data }
          : { ...p, previewError: res.network ? "Connection error" : res.detail }
        : p,
    );
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const { booking, kind } = pending;
    const res = await write<{ booking: AdminBooking; refund_amount: number }>(
      "PUT",
      `/api/admin/bookings/${encodeURIComponent(booking.id)}/status`,
      { status: kind },
    );
    setBusy(false);
    setPending(null);
    if (res.ok) {
      const refund = res.data.refund_amount;
      const waiting = refund > 0 && res.data.booking.refund_status !== "succeeded";
      show(
        "success",
        kind === "cancelled"
          ? waiting
            ? `The spots are free again. The refund of ${formatDollars(refund, booking.currency)} has not gone through yet; it is retried automatically, and the booking is marked in the list until it does.`
            : refund > 0
              ? `A refund of ${formatDollars(refund, booking.currency)} was sent to the customer's card. The spots are free again.`
              : "No refund was due. The spots are free again."
          : "",
        kind === "completed"
          ? `Booking ${booking.reference} marked completed.`
          : `Booking ${booking.reference} cancelled.`,
      );
    } else {
      show(
        "error",
        res.network ? "" : res.detail,
        res.network ? "Connection error" : "Failed to update booking status",
      );
    }
  };

  const retry = async (booking: AdminBooking) => {
    clear();
    const res = await write<{ booking: AdminBooking }>(
      "POST",
      `/api/admin/bookings/${encodeURIComponent(booking.id)}/refund/retry`,
    );
    if (res.ok) {
      const done = res.data.booking.refund_status === "succeeded";
      show(
        done ? "success" : "error",
        done ? "" : (res.data.booking.attention ?? ""),
        done
          ? `The refund for ${booking.reference} went through.`
          : `The refund for ${booking.reference} has still not gone through.`,
      );
    } else {
      show(
        "error",
        res.network ? "" : res.detail,
        res.network ? "Connection error" : "The refund could not be retried",
      );
    }
  };

  const askRevoke = (booking: AdminBooking) => {
    clear();
    setRevoking(booking);
  };

  const revokeLinks = async () => {
    if (!revoking) return;
    const booking = revoking;
    setBusy(true);
    const res = await write<{ revoked: number }>(
      "POST",
      `/api/admin/bookings/${encodeURIComponent(booking.id)}/revoke-links`,
    );
    setBusy(false);
    setRevoking(null);
    if (res.ok) {
      show(
        "success",
        "The customer can ask for a fresh link by email from the booking page.",
        res.data.revoked > 0
          ? `The customer's links to ${booking.reference} no longer work.`
          : `${booking.reference} had no working customer links.`,
      );
    } else {
      show(
        "error",
        res.network ? "" : res.detail,
        res.network ? "Connection error" : "The links could not be revoked",
      );
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    const ok = await adminDownload(
      `/api/admin/bookings/export.csv?${filterOf(params)}`,
      `bookings-${sydneyDate()}.csv`,
    );
    setExporting(false);
    if (!ok) show("error", "", "Failed to export bookings");
  };

  // Both views of the list wire their controls to these.
  const on: BookingHandlers = {
    onOpen: (id) => update({ booking: id }),
    onRetry: retry,
    onAction: ask,
    onRevoke: askRevoke,
  };

  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const first = data?.total ? (data.page - 1) * data.page_size + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.page_size) : 0;

  return (
    <>
      <PageHeader
        title="Bookings"
        description="Every booking from the website. Filter by status, search by name, email or reference, and settle or cancel bookings."
        actions={
          <>
            <Link to="/admin/bookings/new" className={buttonClass("primary")}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              New booking
            </Link>
            <Button onClick={exportCsv} busy={exporting}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export CSV
            </Button>
          </>
        }
      />

      <div className="space-y-4">
        <FlashAlert flash={flash} onDismiss={clear} />

        {loaderData.participants ? (
          loaderData.participants.ok ? (
            <BookingParticipants
              data={loaderData.participants.data}
              write={write}
              onClose={() => update({ booking: "" })}
              onDone={(tone, title, detail) => show(tone, detail ?? "", title)}
            />
          ) : (
            <Alert tone="error">
              {failureText(loaderData.participants, "Failed to fetch the participants")}
            </Alert>
          )
        ) : null}

        <BookingFilters q={q} status={status} readiness={readiness} update={update} />

        {loadError ? <Alert tone="error">{loadError}</Alert> : null}

        <Card bodyClassName="">
          {!data || data.bookings.length === 0 ? (
            <EmptyState icon={<ClipboardList className="h-6 w-6" />} title="No bookings found">
              {q || status || readiness
                ? "Nothing matches this search and filter."
                : "Bookings made on the website appear here."}
            </EmptyState>
          ) : (
            <>
              {/* Phones: one card per booking */}
              <BookingCards bookings={data.bookings} on={on} />

              {/* Tablets and up: a table */}
              <BookingTable bookings={data.bookings} on={on} />

              <nav
                aria-label="Pagination"
                className="flex flex-col items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 sm:flex-row"
              >
                <p className="text-sm text-slate-600" aria-live="polite">
                  Showing {first}–{last} of {data.total.toLocaleString("en-AU")}
                </p>
                <div className="flex items-center gap-2">
                  <Button
                    size="sm"
                    disabled={page <= 1 || navigating}
                    onClick={() => update({ page: String(page - 1) })}
                  >
                    <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                    Previous
                  </Button>
                  <span className="text-sm whitespace-nowrap text-slate-600">
                    Page {page} of {totalPages}
                  </span>
                  <Button
                    size="sm"
                    disabled={page >= totalPages || navigating}
                    onClick={() => update({ page: String(page + 1) })}
                  >
                    Next
                    <ChevronRight aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </div>
              </nav>
            </>
          )}
        </Card>
      </div>

      <ConfirmDialog
        open={pending !== null}
        busy={busy}
        title={
          pending?.kind === "completed"
            ? `Mark booking ${pending.booking.reference} as completed?`
            : `Cancel booking ${pending?.booking.reference ?? ""}?`
        }
        message={
          pending?.kind === "completed"
            ? "Use this once the trip has run (or was settled outside the website)."
            : "The customer's spots are released for others to book."
        }
        confirmLabel={pending?.kind === "completed" ? "Mark completed" : "Cancel booking"}
        cancelLabel="Keep as is"
        tone={pending?.kind === "completed" ? "primary" : "danger"}
        confirmDisabled={pending?.kind === "cancelled" && !pending.preview && !pending.previewError}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === "cancelled" ? (
          <RefundSummary preview={pending.preview} previewError={pending.previewError} />
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={revoking !== null}
        busy={busy}
        title={`Revoke the customer's links to ${revoking?.reference ?? ""}?`}
        message="Every private link to this booking (in the confirmation email, on the success page, re-sent by email) stops working. The customer can ask for a fresh link, which goes to the booking's email address."
        confirmLabel="Revoke links"
        cancelLabel="Keep them"
        tone="danger"
        onConfirm={revokeLinks}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
