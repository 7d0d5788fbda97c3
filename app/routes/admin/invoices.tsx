import { Form } from "react-router";
import {
  Alert,
  Button,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  TextField,
  useFlash,
} from "../../components/admin";
import { InvoiceDocument } from "../../components/admin/invoices/InvoiceDocument";
import { InvoiceList } from "../../components/admin/invoices/InvoiceList";
import type { InvoiceDetail, InvoiceView } from "../../components/admin/invoices/types";
import { adminAction, adminGet, failureText, useAdminWrite } from "../../lib/admin-data";
import { useOpenParam } from "../../lib/open-param";
import type { Route } from "./+types/invoices";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const open = params.get("invoice");
  const [list, detail] = await Promise.all([
    adminGet<{ invoices: InvoiceView[] }>(`/api/admin/invoices?q=${encodeURIComponent(q)}`),
    open ? adminGet<InvoiceDetail>(`/api/admin/invoices/${encodeURIComponent(open)}`) : null,
  ]);
  return { list, detail, q, open };
}
export const clientAction = adminAction;

/** Every tax invoice, adjustment note and receipt the site issued: find one, read it, print it, send it again. */
export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { list, detail, q, open } = loaderData;
  const choose = useOpenParam("invoice");
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash(5000);
  const invoices = list.ok ? list.data.invoices : [];

  return (
    <>
      <PageHeader
        title="Invoices"
        description="Tax invoices, adjustment notes and receipts, as issued. Set the business's ABN in Settings."
      />
      <FlashAlert flash={flash} onDismiss={clear} className="mb-4" />
      {detail ? (
        detail.ok ? (
          <InvoiceDocument
            invoice={detail.data}
            write={write}
            onClose={() => choose(null)}
            onSent={(ok, text) => show(ok ? "success" : "error", text, ok ? undefined : "Not sent")}
          />
        ) : (
          <Alert tone="error" className="mb-4">
            {failureText(detail, "Failed to load the invoice")}
          </Alert>
        )
      ) : null}
      <Card className="mb-4">
        <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField
            label="Search number, name, email or booking reference"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
          />
          <Button type="submit">Search</Button>
        </Form>
      </Card>
      {!list.ok ? (
        <Alert tone="error">{failureText(list, "Failed to load the invoices")}</Alert>
      ) : invoices.length ? (
        <Card bodyClassName="px-3 py-1 sm:px-4">
          <InvoiceList invoices={invoices} openId={open} onOpen={choose} />
        </Card>
      ) : (
        <EmptyState title={q ? "No invoice matches" : "No invoices yet"}>
          {q
            ? "Try a number such as INV-000012, a name or an email."
            : "Each paid booking, gift voucher and custom payment gets one."}
        </EmptyState>
      )}
    </>
  );
}
