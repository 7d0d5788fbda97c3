import { X } from "lucide-react";
import { Link } from "react-router";
import { Button, Card } from "../ui";
import { type EmailLogItem, EmailStatus, emailWhen } from "./email-view";

export type EmailDetail = EmailLogItem & { text_body: string; html_body: string; attachments: string[] };

/**
 * One email as stored: the HTML in a sandboxed frame (no scripts, no
 * same-origin access), else its text; links and codes show as their markers.
 */
export function EmailBody({ email, onClose }: { email: EmailDetail; onClose: () => void }) {
  return (
    <Card
      title={email.subject}
      description={`To ${email.to} · ${emailWhen(email)}`}
      actions={
        <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close the email">
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      }
      className="mb-4"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <EmailStatus email={email} />
        {email.booking_id ? (
          <Link
            to={`/admin/bookings/${encodeURIComponent(email.booking_id)}`}
            className="font-medium text-reef-700 hover:underline"
          >
            Open its booking
          </Link>
        ) : null}
        {email.attachments.length ? <span>Attached: {email.attachments.join(", ")}</span> : null}
      </div>
      {email.status === "failed" && email.last_error ? (
        <p className="mb-3 text-sm text-coral-700">{email.last_error}</p>
      ) : null}
      {email.sealed ? (
        <p className="mb-3 text-xs text-slate-500">
          The customer's private link or voucher code is not kept here: it shows as a marker.
        </p>
      ) : null}
      {email.html_body ? (
        <iframe
          title={`The email: ${email.subject}`}
          sandbox=""
          srcDoc={email.html_body}
          className="h-[32rem] w-full rounded-xl border border-slate-200 bg-white"
        />
      ) : (
        <pre className="max-h-[32rem] overflow-auto rounded-xl bg-slate-50 p-3 text-sm whitespace-pre-wrap">
          {email.text_body}
        </pre>
      )}
    </Card>
  );
}
