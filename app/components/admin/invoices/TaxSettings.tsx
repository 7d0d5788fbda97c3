import { ReceiptText, Save } from "lucide-react";
import { useForm } from "react-hook-form";
import { failureText } from "../../../lib/admin-data";
import type { FormResult } from "../../../lib/form-result";
import { formatAbn, isValidAbn } from "../../../lib/tax";
import type { Write } from "../ParticipantEditor";
import { Alert, Button, Card, CheckboxField, TextField, useFlash } from "../ui";

export interface TaxSettingsValues {
  legal_name: string;
  abn: string;
  gst_registered: boolean;
}

/**
 * The business's tax details: with an ABN registered for GST, every document
 * the site issues is a tax invoice (or adjustment note) with the GST it
 * includes; without, a receipt. A change applies to documents issued from now
 * on; those issued keep what they said.
 */
export function TaxSettings({ loaded, write }: { loaded: FormResult<TaxSettingsValues>; write: Write }) {
  const { flash, show, clear } = useFlash(5000);
  const values = loaded.ok ? loaded.data : { legal_name: "", abn: "", gst_registered: false };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TaxSettingsValues>({
    defaultValues: { ...values, abn: values.abn ? formatAbn(values.abn) : "" },
  });

  const save = handleSubmit(async (form) => {
    const res = await write<TaxSettingsValues>("PUT", "/api/admin/invoice-settings", form);
    if (res.ok) {
      reset({ ...res.data, abn: res.data.abn ? formatAbn(res.data.abn) : "" });
      show(
        "success",
        res.data.gst_registered
          ? "Saved. Documents issued from now on are tax invoices with the GST they include."
          : "Saved. Documents issued from now on are receipts, with no GST.",
      );
    } else {
      for (const [key, message] of Object.entries(res.errors)) {
        if (key === "abn" || key === "legal_name") setError(key, { type: "server", message });
      }
      show("error", res.network ? "Connection error" : `Not saved: ${res.detail}`);
    }
  });
  const abn = watch("abn");
  const gst = watch("gst_registered");

  return (
    <form onSubmit={save} noValidate className="mt-6 space-y-4">
      {!loaded.ok ? (
        <Alert tone="error">{failureText(loaded, "Failed to load the tax details")}</Alert>
      ) : null}
      <Card
        title="Tax invoices"
        description="With an ABN registered for GST, bookings, gift vouchers and custom payments get tax invoices; refunds get adjustment notes."
      >
        {flash ? (
          <Alert tone={flash.tone} onDismiss={clear} className="mb-4">
            {flash.text}
          </Alert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Business name on invoices"
            hint="As registered; the site's title when empty."
            error={errors.legal_name?.message}
            maxLength={200}
            {...register("legal_name")}
          />
          <TextField
            label="ABN"
            inputMode="numeric"
            autoComplete="off"
            hint={abn && isValidAbn(abn) ? "A valid ABN." : "11 digits, e.g. 51 824 753 556."}
            error={errors.abn?.message}
            {...register("abn")}
          />
        </div>
        <CheckboxField
          className="mt-4"
          label="Registered for GST"
          hint="Prices include GST; each document shows the GST it includes (one eleventh of taxable lines)."
          {...register("gst_registered")}
        />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <ReceiptText aria-hidden="true" className="h-4 w-4" />
            {gst && abn ? "Documents are tax invoices." : "Documents are receipts (no GST)."}
          </p>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            <Save aria-hidden="true" className="h-4 w-4" />
            Save tax details
          </Button>
        </div>
      </Card>
    </form>
  );
}
