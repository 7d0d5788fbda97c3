import {
  Download,
  MailQuestionMark,
  Newspaper,
  PenLine,
  UserCheck,
  UserMinus,
  Users,
  UserX,
} from "lucide-react";
import { useState } from "react";
import {
  Alert,
  Button,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  StatCard,
  tableStyles as t,
  useFlash,
} from "../../components/admin";
import { NewsletterComposer } from "../../components/admin/NewsletterComposer";
import { SubscriberBadge } from "../../components/admin/status";
import type { Subscriber } from "../../components/admin/types";
import { downloadText } from "../../lib/admin-api";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { sydneyDate } from "../../lib/dates";
import type { Route } from "./+types/newsletter";

const FILTERS = [
  { value: "all", label: "All subscribers" },
  { value: "active", label: "Active" },
  { value: "unsubscribed", label: "Unsubscribed" },
  { value: "inactive", label: "Inactive" },
  // Sign-ups whose confirmation email has not been answered (double opt-in); they get no newsletter.
  { value: "pending", label: "Pending confirmation" },
] as const;

function subscribedOn(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Australia/Sydney",
  }).format(new Date(iso));
}

export async function clientLoader() {
  return { subscribers: await adminGet<Subscriber[]>("/api/admin/newsletter/subscribers") };
}
export const clientAction = adminAction;

/**
 * Newsletter subscribers: stats, filter, table, export. A pending row signed up
 * but has not confirmed from its email: it gets no newsletter and has no
 * action (it joins the list from its link, or lapses).
 */
export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const subscribers = dataOr(loaderData.subscribers, []);
  const loadError = failureText(loaderData.subscribers, "Failed to fetch subscribers");
  const write = useAdminWrite();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]["value"]>("all");
  const [busyId, setBusyId] = useState<string | null>(null);
  const { flash, show, clear } = useFlash();
  // Closing unmounts the composer: each opening is a new campaign (its id is made on mount).
  const [composing, setComposing] = useState(false);

  const setStatus = async (s: Subscriber, status: Subscriber["status"]) => {
    setBusyId(s.id);
    const res = await write("PUT", `/api/admin/newsletter/subscribers/${encodeURIComponent(s.id)}`, {
      status,
    });
    setBusyId(null);
    if (res.ok) {
      show("success", status === "active" ? `${s.email} reactivated.` : `${s.email} unsubscribed.`);
    } else {
      show("error", res.network ? "Connection error" : "Failed to update subscriber status");
    }
  };

  const active = subscribers.filter((s) => s.status === "active");
  const shown = filter === "all" ? subscribers : subscribers.filter((s) => s.status === filter);

  const exportActive = () => {
    const body = active.map((s) => s.email).join("\n");
    downloadText(`newsletter-subscribers-${sydneyDate()}.txt`, body ? `${body}\n` : "");
    show("success", `Exported ${active.length} active subscriber${active.length === 1 ? "" : "s"}.`);
  };

  return (
    <>
      <PageHeader
        title="Newsletter"
        description="People who signed up in the website footer."
        actions={
          <>
            <Button variant="teal" onClick={() => setComposing(true)} aria-expanded={composing}>
              <PenLine aria-hidden="true" className="h-4 w-4" />
              Write a newsletter
            </Button>
            <Button onClick={exportActive} disabled={active.length === 0}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export active emails
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        <FlashAlert flash={flash} onDismiss={clear} />

        {composing ? (
          <NewsletterComposer
            activeCount={active.length}
            write={write}
            onMessage={show}
            onCancel={() => setComposing(false)}
            onDone={(queued) => {
              setComposing(false);
              show("success", `Newsletter queued for ${queued} subscriber${queued === 1 ? "" : "s"}.`);
            }}
          />
        ) : null}

        <section
          aria-label="Subscriber figures"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5"
        >
          <StatCard
            label="Total subscribers"
            value={subscribers.length}
            icon={<Users className="h-5 w-5" />}
          />
          <StatCard
            label="Active"
            value={active.length}
            icon={<UserCheck className="h-5 w-5" />}
            tone="reef"
          />
          <StatCard
            label="Unsubscribed"
            value={subscribers.filter((s) => s.status === "unsubscribed").length}
            icon={<UserMinus className="h-5 w-5" />}
            tone="slate"
          />
          <StatCard
            label="Inactive"
            value={subscribers.filter((s) => s.status === "inactive").length}
            icon={<UserX className="h-5 w-5" />}
            tone="sand"
          />
          <StatCard
            label="Pending confirmation"
            value={subscribers.filter((s) => s.status === "pending").length}
            icon={<MailQuestionMark className="h-5 w-5" />}
          />
        </section>

        <Card
          bodyClassName=""
          title="Subscribers"
          actions={
            <div className="flex items-center gap-2">
              <label htmlFor="subscriber-filter" className="text-sm text-slate-600">
                Show
              </label>
              <select
                id="subscriber-filter"
                className="field w-auto py-2"
                value={filter}
                onChange={(e) => setFilter(e.target.value as typeof filter)}
              >
                {FILTERS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </select>
            </div>
          }
        >
          {shown.length === 0 ? (
            <EmptyState icon={<Newspaper className="h-6 w-6" />} title="No subscribers here">
              {filter === "all"
                ? "Sign-ups from the website footer appear here."
                : "No subscriber has this status."}
            </EmptyState>
          ) : (
            <div className={t.wrap}>
              <table className={t.table}>
                <caption className="sr-only">Newsletter subscribers</caption>
                <thead className={t.thead}>
                  <tr>
                    <th scope="col" className={t.th}>
                      Email
                    </th>
                    <th scope="col" className={`${t.th} hidden sm:table-cell`}>
                      Status
                    </th>
                    <th scope="col" className={`${t.th} hidden sm:table-cell`}>
                      Subscribed
                    </th>
                    <th scope="col" className={`${t.th} text-right`}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className={t.tbody}>
                  {shown.map((s) => (
                    <tr key={s.id} className={t.tr} data-testid="subscriber-row" data-email={s.email}>
                      <td className={`${t.td} break-all`}>
                        {s.email}
                        <span className="mt-1 flex flex-wrap items-center gap-2 text-xs break-normal text-slate-500 sm:hidden">
                          <SubscriberBadge status={s.status} />
                          {subscribedOn(s.subscribed_at)}
                        </span>
                      </td>
                      <td className={`${t.td} hidden sm:table-cell`}>
                        <SubscriberBadge status={s.status} />
                      </td>
                      <td className={`${t.td} hidden whitespace-nowrap sm:table-cell`}>
                        {subscribedOn(s.subscribed_at)}
                      </td>
                      <td className={`${t.td} text-right`}>
                        {s.status === "pending" ? (
                          <span className="text-xs text-slate-500">Not confirmed yet</span>
                        ) : s.status === "active" ? (
                          <Button
                            size="sm"
                            variant="danger"
                            busy={busyId === s.id}
                            onClick={() => setStatus(s, "unsubscribed")}
                          >
                            Unsubscribe
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="teal"
                            busy={busyId === s.id}
                            onClick={() => setStatus(s, "active")}
                          >
                            Reactivate
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
