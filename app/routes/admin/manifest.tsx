/**
 * The trip-day manifest: one date's bookings and people across adventures,
 * for the phone at the dive site (cards, check-in buttons), for paper (a
 * compact table under the print styles of admin.css) and as CSV.
 *
 * Medical: the sheet is printed and left on a boat, so it shows only
 * "clearance needed", "clearance received" or "no medical issues", never the
 * answers themselves (the API does not send them; the booking's participant
 * screen is where the operator reads them). A person whose answers need a
 * clearance has a screen-only button that opens the clearance dialog: the
 * diver's file, recording it with a note, undoing it.
 */
import { CalendarCheck, ChevronLeft, ChevronRight, Download, Printer } from "lucide-react";
import { useState } from "react";
import { useNavigation, useSearchParams } from "react-router";
import type { Manifest } from "../../../server/domain/dive-ops/manifest.server";
import { Alert, Button, FlashAlert, PageHeader, useConfirm, useFlash } from "../../components/admin";
import { ManifestBody } from "../../components/admin/manifest/ManifestBody";
import { plural } from "../../components/admin/manifest/text";
import { OfflineStatus } from "../../components/admin/roll-call/OfflineStatus";
import { adminDownload } from "../../lib/admin-api";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { addDays, formatDateAU, isIsoDate, sydneyDate } from "../../lib/dates";
import type { Route } from "./+types/manifest";

/** The date the URL asks for; without one the API answers today in Sydney, or the next day with a trip when today has none. */
function dateParam(params: URLSearchParams): string | null {
  const date = params.get("date");
  return date && isIsoDate(date) ? date : null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const date = dateParam(new URL(request.url).searchParams);
  // The read's own address: offline, the status box says when the phone saved its copy of it.
  const read = `/api/admin/manifest${date ? `?date=${date}` : ""}`;
  return { manifest: await adminGet<Manifest>(read), read };
}
export const clientAction = adminAction;

export default function AdminManifest({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash(6000);
  const { confirm, dialog } = useConfirm();
  const [exporting, setExporting] = useState(false);
  const [completing, setCompleting] = useState(false);

  const manifest = dataOr<Manifest | null>(loaderData.manifest, null);
  const loadError = failureText(loaderData.manifest, "Failed to load the manifest");
  // While the first answer is missing, the date the URL asks for (or today) drives the controls.
  const date = manifest?.date ?? dateParam(params) ?? sydneyDate();
  const today = manifest?.today ?? sydneyDate();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/manifest";

  const go = (to: string) => {
    clear();
    // Always named: without a date the manifest opens on the next day with a trip, not on today.
    setParams({ date: to });
  };

  const exportCsv = async () => {
    setExporting(true);
    const ok = await adminDownload(`/api/admin/manifest.csv?date=${date}`, `manifest-${date}.csv`);
    setExporting(false);
    if (!ok) show("error", "", "The CSV could not be downloaded");
  };

  const completeDate = async () => {
    if (!manifest) return;
    const n = manifest.to_complete;
    const ok = await confirm({
      title: "Mark date completed",
      message: `Mark the ${plural(n, "confirmed booking")} of ${formatDateAU(date)} completed? Do this after the trip.`,
      confirmLabel: "Mark completed",
      tone: "primary",
    });
    if (!ok) return;
    setCompleting(true);
    const res = await write<{ completed: number }>("POST", "/api/admin/manifest/complete", { date });
    setCompleting(false);
    if (res.ok) {
      const done = res.data.completed;
      show("success", "", `${plural(done, "booking")} marked completed.`);
    } else {
      show(
        "error",
        res.network ? "" : res.detail,
        res.network ? "Connection error" : "Could not complete the date",
      );
    }
  };

  return (
    <div className="manifest-sheet">
      {dialog}
      <PageHeader
        title="Trip-day manifest"
        description="Everyone going out on one date: readiness, gear sizes, certification and emergency contacts. Check people in at the site; print or export the sheet."
        actions={
          <div className="manifest-controls flex flex-wrap gap-2">
            <Button onClick={() => window.print()} disabled={!manifest}>
              <Printer aria-hidden="true" className="h-4 w-4" />
              Print
            </Button>
            <Button onClick={exportCsv} busy={exporting} disabled={!manifest}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Download CSV
            </Button>
            {date <= today ? (
              <Button
                variant="dark"
                onClick={completeDate}
                busy={completing}
                disabled={!manifest?.can_complete}
                title={manifest?.can_complete ? undefined : "No confirmed bookings left on this date"}
              >
                <CalendarCheck aria-hidden="true" className="h-4 w-4" />
                Mark date completed
              </Button>
            ) : null}
          </div>
        }
      />

      <nav aria-label="Manifest date" className="manifest-controls mb-4 flex flex-wrap items-center gap-2">
        <Button onClick={() => go(addDays(date, -1))} aria-label="Previous day" className="px-3">
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </Button>
        <label className="sr-only" htmlFor="manifest-date">
          Date
        </label>
        <input
          id="manifest-date"
          type="date"
          value={date}
          onChange={(e) => {
            if (isIsoDate(e.target.value)) go(e.target.value);
          }}
          className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-ocean-900 focus:border-reef-500 focus:ring-2 focus:ring-reef-500/30 focus:outline-none"
        />
        <Button onClick={() => go(addDays(date, 1))} aria-label="Next day" className="px-3">
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </Button>
        {date !== today ? (
          <Button variant="ghost" onClick={() => go(today)}>
            Today
          </Button>
        ) : null}
      </nav>

      <h2 className="manifest-date mb-4 font-display text-xl font-semibold text-ocean-900">
        {formatDateAU(date, "full")}
        {date === today ? <span className="ml-2 text-sm font-medium text-reef-700">Today</span> : null}
      </h2>

      <div className="space-y-4" aria-busy={loading || undefined}>
        <FlashAlert flash={flash} onDismiss={clear} />
        <OfflineStatus copyOf={loaderData.read} />
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        {manifest ? (
          <ManifestBody
            manifest={manifest}
            write={write}
            onError={(m) => show("error", "", m)}
            onNotice={(tone, m) => show(tone, "", m)}
          />
        ) : null}
      </div>
    </div>
  );
}
