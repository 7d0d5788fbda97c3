import { Mail, Send, X } from "lucide-react";
import { useState } from "react";
import type { FormResult } from "../../lib/form-result";
import {
  NEWSLETTER_BODY_MAX,
  NEWSLETTER_SUBJECT_MAX,
  newsletterParagraphs,
  newsletterSendSchema,
} from "../../lib/newsletter";
import { ConfirmDialog } from "./ConfirmDialog";
import { Button } from "./ui/button";
import { TextAreaField, TextField } from "./ui/fields";
import { Card } from "./ui/layout";

type Write = <T = unknown>(method: "POST", path: string, body?: unknown) => Promise<FormResult<T>>;

const plural = (n: number) => `${n} active subscriber${n === 1 ? "" : "s"}`;

/**
 * Writes and sends one newsletter. The campaign id is made when the composer
 * opens and kept until the send succeeds, so a retry after a lost answer, or a
 * second click, is the same campaign: the server sends it once.
 */
export function NewsletterComposer({
  activeCount,
  write,
  onDone,
  onCancel,
  onMessage,
}: {
  activeCount: number;
  write: Write;
  onDone: (queued: number) => void;
  onCancel: () => void;
  onMessage: (tone: "success" | "error", text: string) => void;
}) {
  const [campaignId] = useState(() => crypto.randomUUID());
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [testing, setTesting] = useState(false);

  /** The draft as the server will check it; field errors shown under the fields. */
  const checked = () => {
    const parsed = newsletterSendSchema.safeParse({ campaign_id: campaignId, subject, body });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    return null;
  };

  const failed = (res: Extract<FormResult<unknown>, { ok: false }>, what: string) => {
    if (Object.keys(res.errors).length) setErrors(res.errors);
    onMessage("error", res.network ? "Connection error" : res.detail || what);
  };

  const sendTest = async () => {
    const draft = checked();
    if (!draft) return;
    setTesting(true);
    const res = await write<{ to: string }>("POST", "/api/admin/newsletter/test", {
      subject: draft.subject,
      body: draft.body,
    });
    setTesting(false);
    if (res.ok) onMessage("success", `Test email sent to ${res.data.to}.`);
    else failed(res, "Failed to send the test email");
  };

  const send = async () => {
    const draft = checked();
    if (!draft) return;
    setSending(true);
    const res = await write<{ queued: number }>("POST", "/api/admin/newsletter/send", draft);
    setSending(false);
    setConfirming(false);
    if (res.ok) onDone(res.data.queued);
    else failed(res, "Failed to send the newsletter");
  };

  const paragraphs = newsletterParagraphs(body);

  return (
    <Card
      title="Write a newsletter"
      description="Plain text: leave an empty line between paragraphs. Every email ends with a one-click unsubscribe link."
      actions={
        <Button size="sm" variant="ghost" onClick={onCancel} aria-label="Close the newsletter composer">
          <X aria-hidden="true" className="h-4 w-4" />
          Close
        </Button>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (checked()) setConfirming(true);
          }}
        >
          <TextField
            label="Subject"
            name="subject"
            required
            maxLength={NEWSLETTER_SUBJECT_MAX}
            value={subject}
            error={errors.subject}
            onChange={(e) => setSubject(e.target.value)}
          />
          <TextAreaField
            label="Message"
            name="body"
            required
            rows={12}
            maxLength={NEWSLETTER_BODY_MAX}
            value={body}
            error={errors.body}
            hint="An empty line starts a new paragraph."
            onChange={(e) => setBody(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" disabled={activeCount === 0 || sending}>
              <Send aria-hidden="true" className="h-4 w-4" />
              Send to {plural(activeCount)}
            </Button>
            <Button onClick={sendTest} busy={testing}>
              <Mail aria-hidden="true" className="h-4 w-4" />
              Send test to me
            </Button>
          </div>
          {activeCount === 0 ? (
            <p className="text-sm text-slate-600">There are no active subscribers to send to yet.</p>
          ) : null}
        </form>

        <section aria-labelledby="newsletter-preview" data-testid="newsletter-preview">
          <h3 id="newsletter-preview" className="field-label">
            Preview
          </h3>
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
            <p className="text-xs text-slate-500">Subject</p>
            <p className="font-semibold break-words text-ocean-900">{subject.trim() || "(no subject yet)"}</p>
            <div className="mt-4 space-y-3 break-words">
              {paragraphs.length ? (
                paragraphs.map((p, i) => (
                  <p key={i} className="whitespace-pre-line">
                    {p}
                  </p>
                ))
              ) : (
                <p className="text-slate-500">Your message appears here.</p>
              )}
            </div>
            <p className="mt-5 border-t border-slate-200 pt-3 text-xs text-slate-500">
              You get this email because you subscribed to our news.{" "}
              <span className="font-medium text-reef-700 underline">Unsubscribe</span> with one click.
            </p>
          </div>
        </section>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Send this newsletter?"
        message={`“${subject.trim()}” goes to ${plural(activeCount)} now. A sent newsletter cannot be called back.`}
        confirmLabel={`Send to ${plural(activeCount)}`}
        tone="primary"
        busy={sending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
