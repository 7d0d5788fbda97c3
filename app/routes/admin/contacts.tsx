import { ArrowLeft, CheckCircle2, Inbox, Mail, Phone, Send } from "lucide-react";
import { useId, useState } from "react";
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  useFlash,
} from "../../components/admin";
import type { ContactMessage } from "../../components/admin/types";
import { formatDateTimeAU } from "../../lib/admin-api";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { prettifyAdventureType } from "../../lib/adventure-type";
import type { Route } from "./+types/contacts";

export async function clientLoader() {
  return { messages: await adminGet<ContactMessage[]>("/api/contact") };
}
export const clientAction = adminAction;

/** Contact messages: a list and a detail pane with a one-time reply. */
export default function AdminContacts({ loaderData }: Route.ComponentProps) {
  const messages = dataOr(loaderData.messages, []);
  const loadError = failureText(loaderData.messages, "Failed to fetch contact messages");
  const write = useAdminWrite();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [reply, setReply] = useState("");
  const [sending, setSending] = useState(false);
  const { flash, show, clear } = useFlash();
  const replyId = useId();

  // The open message is looked up in the loaded list, so after the reply it shows the server's record.
  const selected = messages.find((m) => m.id === selectedId) ?? null;
  const open = (id: string) => {
    setSelectedId(id);
    setReply("");
    clear();
  };

  const send = async () => {
    if (!selected || !reply.trim()) return;
    setSending(true);
    const res = await write<{ message: ContactMessage }>(
      "POST",
      `/api/admin/contact/${encodeURIComponent(selected.id)}/respond`,
      { response: reply.trim() },
    );
    setSending(false);
    if (res.ok) {
      show("success", "Response sent successfully!");
      setReply("");
    } else {
      show("error", res.network ? "Connection error" : "Failed to send response");
    }
  };

  const unanswered = messages.filter((m) => !m.response).length;

  return (
    <>
      <PageHeader
        title="Contact Messages"
        description={`${messages.length} message${messages.length === 1 ? "" : "s"}, ${unanswered} awaiting a reply.`}
      />
      {loadError ? (
        <Alert tone="error" className="mb-4">
          {loadError}
        </Alert>
      ) : null}
      {messages.length === 0 ? (
        <Card>
          <EmptyState icon={<Inbox className="h-6 w-6" />} title="No messages yet">
            Messages sent through the website's contact form appear here.
          </EmptyState>
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-6">
          <Card bodyClassName="" className={selected ? "hidden lg:block" : undefined}>
            <ul aria-label="Messages" className="divide-y divide-slate-100">
              {messages.map((m) => {
                const active = m.id === selectedId;
                return (
                  <li key={m.id}>
                    <button
                      type="button"
                      onClick={() => open(m.id)}
                      aria-current={active ? "true" : undefined}
                      data-testid="message-item"
                      className={`block w-full px-4 py-3.5 text-left transition-colors hover:bg-slate-50 ${
                        active ? "bg-ocean-50/70" : ""
                      }`}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate font-medium text-ocean-900">
                          {m.first_name} {m.last_name}
                        </span>
                        {m.response ? <Badge tone="green">Responded</Badge> : <Badge tone="amber">New</Badge>}
                      </span>
                      <span className="mt-0.5 block truncate text-xs text-slate-500">
                        {prettifyAdventureType(m.adventure_type)} · {formatDateTimeAU(m.created_at)}
                      </span>
                      <span className="mt-1 line-clamp-2 block text-sm text-slate-600">{m.message}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </Card>

          <div className={selected ? undefined : "hidden lg:block"}>
            {selected ? (
              <Card as="article" className="lg:sticky lg:top-24">
                <button
                  type="button"
                  onClick={() => setSelectedId(null)}
                  className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-reef-700 lg:hidden"
                >
                  <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                  All messages
                </button>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-sans text-lg font-semibold text-ocean-900">
                      {selected.first_name} {selected.last_name}
                    </h2>
                    <p className="text-sm text-slate-500">
                      {prettifyAdventureType(selected.adventure_type)} ·{" "}
                      {formatDateTimeAU(selected.created_at)}
                    </p>
                  </div>
                  {selected.response ? (
                    <Badge tone="green">Responded</Badge>
                  ) : (
                    <Badge tone="amber">New</Badge>
                  )}
                </div>
                <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
                  <a
                    href={`mailto:${selected.email}`}
                    className="inline-flex items-center gap-1.5 text-reef-700 hover:underline"
                  >
                    <Mail aria-hidden="true" className="h-4 w-4" />
                    {selected.email}
                  </a>
                  {selected.phone ? (
                    <a
                      href={`tel:${selected.phone.replace(/\s/g, "")}`}
                      className="inline-flex items-center gap-1.5 text-reef-700 hover:underline"
                    >
                      <Phone aria-hidden="true" className="h-4 w-4" />
                      {selected.phone}
                    </a>
                  ) : null}
                </div>
                <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm whitespace-pre-line text-slate-800">
                  {selected.message}
                </p>

                <FlashAlert flash={flash} onDismiss={clear} className="mt-4" />

                {selected.response ? (
                  <section className="mt-5" aria-label="Your reply" data-testid="sent-response">
                    <p className="flex items-center gap-1.5 text-sm font-semibold text-emerald-700">
                      <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
                      Responded {formatDateTimeAU(selected.response.responded_at)}
                    </p>
                    <p className="mt-2 rounded-xl border border-emerald-200 bg-emerald-50/60 px-4 py-3 text-sm whitespace-pre-line text-slate-800">
                      {selected.response.response}
                    </p>
                  </section>
                ) : (
                  <form
                    className="mt-5"
                    onSubmit={(e) => {
                      e.preventDefault();
                      send();
                    }}
                  >
                    <label htmlFor={replyId} className="field-label">
                      Reply
                    </label>
                    <textarea
                      id={replyId}
                      value={reply}
                      onChange={(e) => setReply(e.target.value)}
                      rows={6}
                      className="field"
                      placeholder={`Hi ${selected.first_name}, thanks for your message…`}
                    />
                    <p className="mt-1 text-xs text-slate-500">
                      Sent by email to {selected.email}. A message can be answered once.
                    </p>
                    <Button
                      type="submit"
                      variant="primary"
                      className="mt-3"
                      disabled={!reply.trim() || sending}
                      busy={sending}
                    >
                      <Send aria-hidden="true" className="h-4 w-4" />
                      {sending ? "Sending…" : "Send Response"}
                    </Button>
                  </form>
                )}
              </Card>
            ) : (
              <Card>
                <EmptyState icon={<Mail className="h-6 w-6" />} title="Select a message">
                  Choose a message on the left to read it and reply.
                </EmptyState>
              </Card>
            )}
          </div>
        </div>
      )}
    </>
  );
}
