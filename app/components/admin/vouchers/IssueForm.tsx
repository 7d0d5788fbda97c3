import { useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextAreaField, TextField } from "../ui/fields";
import { Card } from "../ui/layout";
import type { VoucherItem } from "./voucher-view";

/** Issuing credit: the API makes the code and emails it to the address given. */
export function IssueForm({
  onDone,
  onCancel,
}: {
  onDone: (codeHint: string, email: string, id: string) => void;
  onCancel: () => void;
}) {
  const write = useAdminWrite();
  const [values, setValues] = useState({ amount: "", email: "", name: "", note: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure("");
    const res = await write<{ voucher: VoucherItem }>("POST", "/api/admin/vouchers", values);
    setBusy(false);
    if (res.ok) {
      onDone(res.data.voucher.code_hint, res.data.voucher.recipient_email, res.data.voucher.id);
      return;
    }
    setErrors(res.errors);
    setFailure(res.network ? "Connection error" : Object.keys(res.errors).length ? "" : res.detail);
  };

  return (
    <Card
      title="Issue a voucher"
      description="The code is emailed to the address you give, valid for three years."
      className="mb-6"
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Amount (AUD)"
          required
          inputMode="decimal"
          value={values.amount}
          onChange={set("amount")}
          error={errors.amount}
          placeholder="150"
        />
        <TextField
          label="Email"
          type="email"
          required
          value={values.email}
          onChange={set("email")}
          error={errors.email}
        />
        <TextField label="Name" value={values.name} onChange={set("name")} error={errors.name} />
        <TextAreaField
          label="Note (for the ledger)"
          value={values.note}
          onChange={set("note")}
          error={errors.note}
          className="sm:col-span-2"
          placeholder="e.g. Goodwill credit after the rough crossing"
        />
        {failure ? (
          <Alert tone="error" className="sm:col-span-2">
            {failure}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" variant="primary" busy={busy} disabled={busy}>
            Issue and email
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
