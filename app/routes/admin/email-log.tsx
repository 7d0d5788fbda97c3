import { RotateCw, Send } from "lucide-react";
import { useState } from "react";
import { Form, useSearchParams } from "react-router";
import {
  Alert,
  Button,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  Pager,
  SelectField,
  TextField,
  useFlash,
} from "../../components/admin";
import { EmailBody, type EmailDetail } from "../../components/admin/email-log/EmailBody";
import {
  canRetry,
  type EmailLogItem,
  EmailStatus,
  emailWhen,
} from "../../components/admin/email-log/email-view";
import { adminAction, adminGet, failureText, useAdminWrite } from "../../lib/admin-data";
import { useOpenParam } from "../../lib/open-param";
import type { Route } from "./+types/email-log";

type EmailPage = { emails: EmailLogItem[]; total: number; page: number; page_size: number };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const key of ["status", "q", "page"]) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const open = params.get("email");
  const [list, detail] = await Promise.all([
    adminGet<EmailPage>(`/api/admin/email-log?${query}`),
    open ? adminGet<EmailDetail>(`/api/admin/email-log/${encodeURIComponent(open)}`) : null,
  ]);
  return { list, detail, status: params.get("status") ?? "all", q: params.get("q") ?? "" };
}
export const clientAction = adminAction;

/** Every email the site sent or will send: filter, read one, retry a failed one, send one again. */
export default function AdminEmailLog({ loaderData }: Route.ComponentProps) {
  const { list, detail, status, q } = loaderData;
  const [params] = useSearchParams();
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash(5000);
  const [busy, setBusy] = useState("");
  const page = list.ok ? list.data : null;
  const emails = page?.emails ?? [];
  const open = useOpenParam("email");
  const act = async (email: EmailLogItem, how: "retry" | "send-again") => {
    setBusy(`${how}:${email.id}`);
    const res = await write("POST", `/api/admin/email-log/${encodeURIComponent(email.id)}/${how}`);
    setBusy("");
    if (res.ok) show("success", how === "retry" ? "The email is queued again." : "A copy is queued.");
    else show("error", res.network ? "Connection error" : res.detail, "Not sent");
  };

  return (
    <>
      <PageHeader
        title="Email log"
        description="Every email the site sent or will send. Private links and voucher codes show as markers."
      />
      <FlashAlert flash={flash} onDismiss={clear} className="mb-4" />
      {detail ? (
        detail.ok ? (
          <EmailBody email={detail.data} onClose={() => open(null)} />
        ) : (
          <Alert tone="error" className="mb-4">
            {failureText(detail, "Failed to load the email")}
          </Alert>
        )
      ) : null}
      <Card className="mb-4">
        <Form method="get" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <SelectField label="Status" name="status" defaultValue={status}>
            <option value="all">All</option>
            <option value="pending">Waiting</option>
            <option value="sent">Sent</option>
            <option value="failed">Failed</option>
          </SelectField>
          <TextField
            label="Search address or subject"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
          />
          <Button type="submit">Filter</Button>
        </Form>
      </Card>
      {!list.ok ? <Alert tone="error">{failureText(list, "Failed to load the email log")}</Alert> : null}
      {page && emails.length === 0 ? (
        <EmptyState title="No emails match">Try another filter.</EmptyState>
      ) : null}
      {page && emails.length ? (
        <Card bodyClassName="">
          <ul className="divide-y divide-slate-100" aria-label="Emails, newest first">
            {emails.map((e) => (
              <li
                key={e.id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5"
              >
                <button
                  type="button"
                  onClick={() => open(e.id)}
                  className="min-w-0 text-left"
                  aria-current={params.get("email") === e.id ? "true" : undefined}
                >
                  <span className="block truncate font-medium text-ocean-900 hover:underline">
                    {e.subject}
                  </span>
                  <span className="block text-xs text-slate-500">
                    To {e.to} · {emailWhen(e)}
                  </span>
                  {e.status === "failed" && e.last_error ? (
                    <span className="block text-xs text-coral-700">{e.last_error}</span>
                  ) : null}
                </button>
                <div className="flex shrink-0 items-center gap-2">
                  <EmailStatus email={e} />
                  {canRetry(e) ? (
                    <Button size="sm" busy={busy === `retry:${e.id}`} onClick={() => act(e, "retry")}>
                      <RotateCw aria-hidden="true" className="h-4 w-4" />
                      Retry
                    </Button>
                  ) : null}
                  {e.status === "sent" && !e.sealed ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      busy={busy === `send-again:${e.id}`}
                      onClick={() => act(e, "send-again")}
                    >
                      <Send aria-hidden="true" className="h-4 w-4" />
                      Send again
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page.page}
            pages={Math.max(1, Math.ceil(page.total / page.page_size))}
            total={page.total}
            noun={["email", "emails"]}
            drop={["email"]}
          />
        </Card>
      ) : null}
    </>
  );
}
