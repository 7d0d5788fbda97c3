import { CreditCard, Mail, Save } from "lucide-react";
import { useForm } from "react-hook-form";
import type { ClientActionFunctionArgs } from "react-router";
import { Alert, Badge, Button, Card, PageHeader, TextField, useFlash } from "../../components/admin";
import { TaxSettings, type TaxSettingsValues } from "../../components/admin/invoices/TaxSettings";
import { SecuritySettings } from "../../components/admin/SecuritySettings";
import { InstructorMedicalSetting } from "../../components/admin/settings/InstructorMedicalSetting";
import { PolicySettings } from "../../components/admin/settings/PolicySettings";
import { setToken } from "../../lib/admin-api";
import { adminAction, adminGet, failureText, useAdminWrite } from "../../lib/admin-data";
import {
  type AdminSession,
  CHANGE_PASSWORD_PATH,
  SESSIONS_PATH,
  type SecurityStatus,
} from "../../lib/admin-security";
import type { PolicyRules } from "../../lib/policy";
import type { Route } from "./+types/settings";

interface Settings {
  notification_email: string;
  contact_email: string;
  contact_phone: string;
  contact_whatsapp: string;
  contact_street_address: string;
  contact_postcode: string;
  /** The site's cancellation and date-change rules, and whether they are still the built-in default. */
  policy: PolicyRules;
  policy_is_default: boolean;
  /** Whether a departure's Crew instructor reads its participants' medical answers. */
  instructors_see_medical: boolean;
  payment_mode: "test" | "stripe";
  payment_mode_label: string;
  email_configured: boolean;
}

type Editable = Pick<
  Settings,
  | "notification_email"
  | "contact_email"
  | "contact_phone"
  | "contact_whatsapp"
  | "contact_street_address"
  | "contact_postcode"
>;

export async function clientLoader() {
  const [settings, security, sessions, tax] = await Promise.all([
    adminGet<Settings>("/api/admin/settings"),
    adminGet<SecurityStatus>("/api/admin/security"),
    adminGet<{ sessions: AdminSession[] }>(SESSIONS_PATH),
    adminGet<TaxSettingsValues>("/api/admin/invoice-settings"),
  ]);
  return { settings, security, sessions, tax };
}

/**
 * The admin action, plus one step for the password change: it ends every
 * session, this one too, and answers with a fresh token for this device. The
 * token is stored here, before React Router re-runs the loaders after the
 * action; stored any later, those loaders would call with the revoked token,
 * get a 401 and sign the operator out.
 */
export async function clientAction(args: ClientActionFunctionArgs) {
  const isPasswordChange = await args.request
    .clone()
    .json()
    .then(
      (write: { path?: unknown }) => write?.path === CHANGE_PASSWORD_PATH,
      () => false,
    );
  const result = await adminAction(args);
  if (isPasswordChange && result.ok) {
    const token = (result.data as { token?: unknown } | null)?.token;
    if (typeof token === "string" && token) setToken(token);
  }
  return result;
}

/** Site-wide settings: the screen behind the dashboard's settings quick action. */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const settings = loaderData.settings.ok ? loaderData.settings.data : null;
  const loadError = failureText(loaderData.settings, "Failed to load settings");

  return (
    <>
      <PageHeader
        title="Settings"
        description="Where notices go, how guests reach you, how payments are taken, your cancellation policy, and how you sign in."
      />
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      {settings ? <SettingsPanels settings={settings} /> : null}
      {settings ? (
        <section id="policies" aria-label="Policies" className="mt-8 lg:max-w-[calc(100%-23.5rem)]">
          <PolicySettings policy={settings.policy} isDefault={settings.policy_is_default} />
        </section>
      ) : null}
      {settings ? (
        <section aria-label="Crew" className="mt-8 lg:max-w-[calc(100%-23.5rem)]">
          <InstructorMedicalSetting initial={settings.instructors_see_medical} />
        </section>
      ) : null}
      <TaxSettingsPanel loaded={loaderData.tax} />
      <SecuritySettings status={loaderData.security} sessions={loaderData.sessions} />
    </>
  );
}

function TaxSettingsPanel({ loaded }: { loaded: Route.ComponentProps["loaderData"]["tax"] }) {
  return <TaxSettings loaded={loaded} write={useAdminWrite()} />;
}

function SettingsPanels({ settings }: { settings: Settings }) {
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Editable>({ defaultValues: pick(settings) });

  const save = handleSubmit(async (form) => {
    const res = await write<Settings>("PUT", "/api/admin/settings", form);
    if (res.ok) {
      reset(pick(res.data));
      show("success", "Settings saved. The website shows the new contact details straight away.");
    } else {
      for (const [key, message] of Object.entries(res.errors)) {
        if (isEditable(key)) setError(key, { type: "server", message });
      }
      show("error", res.network ? "Connection error" : `Failed to save settings: ${res.detail}`);
    }
  });

  const field = (key: keyof Editable) => ({ error: errors[key]?.message, ...register(key) });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <form onSubmit={save} noValidate className="space-y-6">
        {flash ? (
          <Alert tone={flash.tone} onDismiss={clear}>
            {flash.text}
          </Alert>
        ) : null}
        <Card title="Notifications" description="New bookings and contact messages are emailed here.">
          <TextField
            label="Notification email"
            type="email"
            autoComplete="email"
            hint={`Leave empty to use the contact email (${settings.contact_email || "not set"}).`}
            {...field("notification_email")}
          />
        </Card>
        <Card
          title="Contact details"
          description="Shown on the website (contact page, footer, booking emails). The website editor's Contact tab edits the same details."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Contact email"
              type="email"
              required
              autoComplete="email"
              className="sm:col-span-2"
              {...field("contact_email")}
            />
            <TextField label="Phone" type="tel" required autoComplete="tel" {...field("contact_phone")} />
            <TextField
              label="WhatsApp number"
              type="tel"
              hint="Digits with country code, e.g. +61 491 570 156"
              {...field("contact_whatsapp")}
            />
          </div>
        </Card>
        <Card
          title="Business address"
          description="The business's address in Sydney, NSW. Search engines show it with the website (it is part of the pages' structured data)."
        >
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
            <TextField
              label="Street address"
              autoComplete="street-address"
              hint="e.g. Shop 3, 88 Cumberland Street"
              {...field("contact_street_address")}
            />
            <TextField
              label="Postcode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              {...field("contact_postcode")}
            />
          </div>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" variant="primary" busy={isSubmitting}>
            <Save aria-hidden="true" className="h-4 w-4" />
            Save settings
          </Button>
        </div>
      </form>

      <div className="space-y-6">
        <Card title="Payments">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-ocean-50 text-ocean-700">
              <CreditCard aria-hidden="true" className="h-5 w-5" />
            </span>
            <div>
              <p className="text-sm text-slate-500">Active payment mode</p>
              <p className="font-semibold text-ocean-900" data-testid="payment-mode">
                {settings.payment_mode_label}
              </p>
            </div>
            <span className="ml-auto">
              {settings.payment_mode === "stripe" ? (
                <Badge tone="green">Live payments</Badge>
              ) : (
                <Badge tone="amber">No real money</Badge>
              )}
            </span>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            {settings.payment_mode === "stripe"
              ? "Card payments go through Stripe Checkout. To take test payments only (a staging copy), set PAYMENTS=test in the server configuration and restart."
              : "Bookings are paid on the built-in test checkout (test cards only). To take real payments, set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET in the server configuration (and remove PAYMENTS=test if it is set), then restart."}
          </p>
        </Card>
        <Card title="Email delivery">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-reef-50 text-reef-700">
              <Mail aria-hidden="true" className="h-5 w-5" />
            </span>
            <p className="font-semibold text-ocean-900">
              {settings.email_configured ? "SMTP configured" : "SMTP not configured"}
            </p>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            {settings.email_configured
              ? "Emails are sent through the configured SMTP server, with retries."
              : "Emails are kept in the outbox until SMTP_URL is set in the server configuration; none are lost."}
          </p>
        </Card>
      </div>
    </div>
  );
}

const EDITABLE = [
  "notification_email",
  "contact_email",
  "contact_phone",
  "contact_whatsapp",
  "contact_street_address",
  "contact_postcode",
] as const;
const isEditable = (key: string): key is keyof Editable => (EDITABLE as readonly string[]).includes(key);

function pick(s: Settings): Editable {
  return {
    notification_email: s.notification_email,
    contact_email: s.contact_email,
    contact_phone: s.contact_phone,
    contact_whatsapp: s.contact_whatsapp,
    contact_street_address: s.contact_street_address,
    contact_postcode: s.contact_postcode,
  };
}
