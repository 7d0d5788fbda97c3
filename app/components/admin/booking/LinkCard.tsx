import { Copy, Link2, Unlink } from "lucide-react";
import { useState } from "react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { formatDateAU } from "../../../lib/dates";
import { ConfirmDialog } from "../ConfirmDialog";
import type { Write } from "../ParticipantEditor";
import { Badge, type BadgeTone, Button, Card } from "../ui";
import type { BookingPageView, Notify } from "./types";

const STATES: Record<BookingPageView["links"]["state"], [string, BadgeTone]> = {
  live: ["Live", "green"],
  revoked: ["Revoked", "red"],
  expired: ["Expired", "slate"],
  none: ["No link yet", "slate"],
};

/**
 * The customer's private link. Only its hash is stored, so "Copy link" makes a
 * fresh one (the previous link made here stops working) and shows it once;
 * after a revocation, or once the trip is long past, none is made.
 */
export function LinkCard({
  bookingId,
  reference,
  links,
  write,
  notify,
}: {
  bookingId: string;
  reference: string;
  links: BookingPageView["links"];
  write: Write;
  notify: Notify;
}) {
  const [url, setUrl] = useState("");
  const [making, setMaking] = useState(false);
  const [asking, setAsking] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [label, tone] = STATES[links.state];
  const path = `/api/admin/bookings/${encodeURIComponent(bookingId)}`;

  const make = async () => {
    setMaking(true);
    const res = await write<{ url: string }>("POST", `${path}/link`);
    setMaking(false);
    if (res.ok) {
      setUrl(res.data.url);
      notify("success", "A new private link was made.", "Copy it now: it is not shown again.");
    } else {
      notify("error", "No link was made", res.network ? "Connection error" : res.detail);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify("success", "Link copied.");
    } catch {
      notify("error", "The link could not be copied", "Select it and copy it by hand.");
    }
  };

  const revoke = async () => {
    setRevoking(true);
    const res = await write<{ revoked: number }>("POST", `${path}/revoke-links`);
    setRevoking(false);
    setAsking(false);
    if (res.ok) {
      setUrl("");
      notify("success", `The customer's links to ${reference} no longer work.`);
    } else {
      notify("error", "The links could not be revoked", res.network ? "Connection error" : res.detail);
    }
  };

  return (
    <Card title="Private link" actions={<Badge tone={tone}>{label}</Badge>}>
      <div data-testid="booking-link" data-state={links.state} className="space-y-3 text-sm">
        <p className="text-slate-600">
          {links.state === "revoked"
            ? `Revoked ${formatDateTimeAU(links.revoked_at)}. The customer can ask for a fresh link by email.`
            : links.last_day
              ? `Links work until ${formatDateAU(links.last_day, "long")}.`
              : "Links are not available for this booking."}
          {links.live > 0 ? ` ${links.live} working ${links.live === 1 ? "link" : "links"}.` : ""}
        </p>
        {url ? (
          <div className="space-y-2">
            <label htmlFor="booking-link-url" className="field-label">
              New link (shown once)
            </label>
            <div className="flex gap-2">
              <input
                id="booking-link-url"
                readOnly
                value={url}
                className="field font-mono text-xs"
                onFocus={(e) => e.target.select()}
              />
              <Button size="sm" variant="teal" onClick={copy} aria-label="Copy the link">
                <Copy aria-hidden="true" className="h-4 w-4" />
                Copy
              </Button>
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={make} busy={making} disabled={!links.can_mint}>
            <Link2 aria-hidden="true" className="h-4 w-4" />
            Copy private link
          </Button>
          {links.live > 0 ? (
            <Button size="sm" variant="danger" onClick={() => setAsking(true)}>
              <Unlink aria-hidden="true" className="h-4 w-4" />
              Revoke links
            </Button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        busy={revoking}
        title={`Revoke the customer's links to ${reference}?`}
        message="Every private link to this booking stops working, and no new one can be made here. The customer can ask for a fresh link, which goes to the booking's email address."
        confirmLabel="Revoke links"
        cancelLabel="Keep them"
        tone="danger"
        onConfirm={revoke}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
