import { Mail, RotateCw, Send } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { canRetry, type EmailLogItem, EmailStatus, emailWhen } from "../email-log/email-view";
import type { Write } from "../ParticipantEditor";
import { Button, Card } from "../ui";
import { failureDetail, type Notify } from "./types";

/**
 * The booking's email log: every email about it, each opening in the log, a
 * failed one retried here, and the confirmation sent again with a fresh link.
 */
export function EmailsCard({
  bookingId,
  emails,
  canResend,
  write,
  notify,
}: {
  bookingId: string;
  emails: EmailLogItem[];
  /** Confirmed or completed, links not revoked: the confirmation can go again. */
  canResend: boolean;
  write: Write;
  notify: Notify;
}) {
  const [busy, setBusy] = useState("");
  const act = async (key: string, path: string, done: string, refused: string) => {
    setBusy(key);
    const res = await write("POST", path);
    setBusy("");
    if (res.ok) notify("success", done);
    else notify("error", refused, failureDetail(res));
  };
  return (
    <Card
      title="Emails"
      description="Every email about this booking, newest first."
      actions={
        canResend ? (
          <Button
            size="sm"
            busy={busy === "resend"}
            onClick={() =>
              act(
                "resend",
                `/api/admin/bookings/${encodeURIComponent(bookingId)}/resend-confirmation`,
                "The confirmation is on its way again, with a fresh link.",
                "The confirmation was not sent",
              )
            }
          >
            <Send aria-hidden="true" className="h-4 w-4" />
            Resend confirmation
          </Button>
        ) : null
      }
    >
      {emails.length ? (
        <ul className="divide-y divide-slate-100" data-testid="booking-emails">
          {emails.map((e) => (
            <li key={e.id} className="flex flex-wrap items-start justify-between gap-2 py-2.5">
              <div className="min-w-0">
                <Link
                  to={`/admin/email-log?email=${encodeURIComponent(e.id)}`}
                  className="font-medium text-ocean-900 hover:underline"
                >
                  {e.subject}
                </Link>
                <p className="text-xs text-slate-500">
                  To {e.to} · {emailWhen(e)}
                </p>
                {e.status === "failed" && e.last_error ? (
                  <p className="text-xs text-coral-700">{e.last_error}</p>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                <EmailStatus email={e} />
                {canRetry(e) ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    busy={busy === e.id}
                    onClick={() =>
                      act(
                        e.id,
                        `/api/admin/email-log/${encodeURIComponent(e.id)}/retry`,
                        "The email is queued again.",
                        "The email was not retried",
                      )
                    }
                  >
                    <RotateCw aria-hidden="true" className="h-4 w-4" />
                    Retry
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Mail aria-hidden="true" className="h-4 w-4" />
          No emails about this booking yet.
        </p>
      )}
    </Card>
  );
}
