/** The invoices API's answers, as the console reads them (type-only: no server code in the browser). */
import type { InvoiceView } from "../../../../server/api/admin-invoices.server";

export type { InvoiceView };
export type InvoiceDetail = InvoiceView & { html: string };
