import { useState } from "react";
import { adminGet } from "../../../lib/admin-data";
import { InvoiceDocument } from "../invoices/InvoiceDocument";
import { InvoiceList } from "../invoices/InvoiceList";
import type { InvoiceDetail, InvoiceView } from "../invoices/types";
import type { Write } from "../ParticipantEditor";
import { Card } from "../ui";
import type { Notify } from "./types";

/** The booking's tax invoices and adjustment notes (receipts without an ABN): read, print, send again. */
export function InvoicesCard({
  invoices,
  write,
  notify,
}: {
  invoices: InvoiceView[];
  write: Write;
  notify: Notify;
}) {
  const [open, setOpen] = useState<InvoiceDetail | null>(null);
  const show = async (id: string) => {
    const res = await adminGet<InvoiceDetail>(`/api/admin/invoices/${encodeURIComponent(id)}`);
    if (res.ok) setOpen(res.data);
    else notify("error", "The invoice did not open", res.network ? "Connection error" : res.detail);
  };
  return (
    <Card title="Invoices" description="Issued when the booking is confirmed, changed or refunded">
      {open ? (
        <InvoiceDocument
          invoice={open}
          write={write}
          onClose={() => setOpen(null)}
          onSent={(ok, text) =>
            notify(ok ? "success" : "error", ok ? text : "Not sent", ok ? undefined : text)
          }
        />
      ) : null}
      {invoices.length ? (
        <InvoiceList invoices={invoices} openId={open?.id} onOpen={show} />
      ) : (
        <p className="text-sm text-slate-500">None yet: a booking gets its invoice when it is confirmed.</p>
      )}
    </Card>
  );
}
