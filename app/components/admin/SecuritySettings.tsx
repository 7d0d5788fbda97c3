import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, Download, KeyRound, ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { downloadText, formatDateTimeAU } from "../../lib/admin-api";
import { type AdminResult, failureText, useAdminWrite } from "../../lib/admin-data";
import {
  CHANGE_PASSWORD_PATH,
  changePasswordSchema,
  groupSecret,
  NEW_PASSWORD_MIN,
  type SecurityStatus,
  type TwoFactorEnrolment,
} from "../../lib/admin-security";
import { Alert, Badge, Button, Card, TextField, useFlash } from "./ui";

/**
 * The settings page's sign-in section: the password and two-factor sign-in.
 * Its status comes with the settings page's data; its writes go through that
 * page's action, which stores the new token a password change answers with.
 */
export function SecuritySettings({ status }: { status: AdminResult<SecurityStatus> }) {
  const loadError = failureText(status, "Failed to load the sign-in settings");
  return (
    <section aria-labelledby="security-heading" className="mt-10">
      <h2 id="security-heading" className="font-display text-xl font-semibold text-ocean-900">
        Sign-in and security
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-slate-600">
        The admin area can refund payments and shows customer details: keep its password strong and turn on
        two-factor sign-in.
      </p>
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      {status.ok ? (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <PasswordCard fromEnvironment={status.data.password_source === "environment"} />
          <TwoFactorCard status={status.data.two_factor} />
        </div>
      ) : null}
    </section>
  );
}

type Failure = { network: boolean; detail: string; errors: Record<string, string> };
type Show = ReturnType<typeof useFlash>["show"];

/** A refusal that names fields shows beside those fields; anything else (409, 429, network) as a banner. */
function showFailure(res: Failure, setErrors: (errors: Record<string, string>) => void, show: Show) {
  setErrors(res.errors);
  if (res.network) show("error", "Connection error");
  else if (Object.keys(res.errors).length === 0) show("error", res.detail);
}

const emptyPasswords = { current_password: "", new_password: "", confirm_password: "" };
type PasswordField = keyof typeof emptyPasswords;
const isPasswordField = (key: string): key is PasswordField => key in emptyPasswords;

function PasswordCard({ fromEnvironment }: { fromEnvironment: boolean }) {
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: emptyPasswords });

  const submit = handleSubmit(async (data) => {
    clear();
    // Every session ends with the change; the page's action stores this device's new token.
    const res = await write<{ token: string }>("POST", CHANGE_PASSWORD_PATH, data);
    if (res.ok) {
      reset(emptyPasswords);
      show("success", "Password changed. Every other device has been signed out.");
    } else {
      const fieldErrors = (found: Record<string, string>) => {
        for (const [key, message] of Object.entries(found)) {
          if (isPasswordField(key)) setError(key, { type: "server", message });
        }
      };
      showFailure(res, fieldErrors, show);
    }
  });

  const field = (key: PasswordField) => ({ error: errors[key]?.message, ...register(key) });

  return (
    <Card title="Password" description="Changing it signs out every other device.">
      {fromEnvironment ? (
        <Alert tone="info" title="Set in the server configuration">
          <span data-testid="password-from-env">
            The admin password comes from ADMIN_PASSWORD, so it cannot be changed here. To change it, set a
            new ADMIN_PASSWORD and restart the server.
          </span>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {flash ? <Alert tone={flash.tone}>{flash.text}</Alert> : null}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            {...field("current_password")}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint={`At least ${NEW_PASSWORD_MIN} characters. A few unrelated words make a strong one.`}
            {...field("new_password")}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            {...field("confirm_password")}
          />
          <div className="flex justify-end">
            <Button type="submit" variant="primary" busy={isSubmitting}>
              <KeyRound aria-hidden="true" className="h-4 w-4" />
              Change password
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function TwoFactorCard({ status }: { status: SecurityStatus["two_factor"] }) {
  const write = useAdminWrite();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { flash, show, clear } = useFlash();
  const [busy, setBusy] = useState(false);

  const fail = (res: Failure) => showFailure(res, setErrors, show);

  const start = async () => {
    setBusy(true);
    clear();
    const res = await write<TwoFactorEnrolment>("POST", "/api/admin/two-factor/start", {});
    setBusy(false);
    if (res.ok) {
      setEnrolment(res.data);
      setCode("");
      setErrors({});
    } else fail(res);
  };

  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setErrors({ code: "Enter the 6-digit code from your app" });
      return;
    }
    setBusy(true);
    clear();
    const res = await write<{ recovery_codes: string[] }>("POST", "/api/admin/two-factor/confirm", {
      code: code.trim(),
    });
    setBusy(false);
    if (res.ok) {
      setEnrolment(null);
      setCode("");
      setErrors({});
      // The page's data (now "On") is fresh by the time the codes show.
      setRecoveryCodes(res.data.recovery_codes);
    } else fail(res);
  };

  const disable = async (e: React.FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!password) missing.password = "Password is required";
    if (!code.trim()) missing.code = "Code is required";
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setBusy(true);
    clear();
    const res = await write("POST", "/api/admin/two-factor/disable", { password, code: code.trim() });
    setBusy(false);
    if (res.ok) {
      setPassword("");
      setCode("");
      setErrors({});
      setRecoveryCodes(null);
      show("success", "Two-factor sign-in is off. Sign-in asks for the password only.");
    } else fail(res);
  };

  const badge = status.enabled ? <Badge tone="green">On</Badge> : <Badge tone="amber">Off</Badge>;

  return (
    <Card
      title={
        <span className="flex flex-wrap items-center gap-2">
          Two-factor sign-in <span data-testid="two-factor-status">{badge}</span>
        </span>
      }
      description="After the password, sign-in asks for a 6-digit code from an authenticator app on your phone."
    >
      <div className="space-y-4">
        {flash ? <Alert tone={flash.tone}>{flash.text}</Alert> : null}

        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : status.enabled ? (
          <>
            <div className="flex items-start gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-reef-50 text-reef-700">
                <ShieldCheck aria-hidden="true" className="h-5 w-5" />
              </span>
              <div className="text-sm text-slate-600">
                <p className="font-semibold text-ocean-900">On since {formatDateTimeAU(status.enabled_at)}</p>
                <p data-testid="recovery-left">
                  {status.recovery_codes_left} of 10 recovery codes left.
                  {status.recovery_codes_left <= 3
                    ? " To get new ones, turn two-factor sign-in off and on again."
                    : ""}
                </p>
              </div>
            </div>
            <form
              onSubmit={disable}
              noValidate
              className="space-y-4 border-t border-slate-100 pt-4"
              aria-label="Turn off two-factor sign-in"
            >
              <p className="text-sm text-slate-600">
                To turn it off, confirm with your password and a current code (or a recovery code).
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  error={errors.password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <TextField
                  label="Code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  maxLength={64}
                  value={code}
                  error={errors.code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </div>
              <div className="flex justify-end">
                <Button type="submit" variant="danger" busy={busy}>
                  <ShieldOff aria-hidden="true" className="h-4 w-4" />
                  Turn off two-factor sign-in
                </Button>
              </div>
            </form>
          </>
        ) : enrolment ? (
          <form onSubmit={confirm} noValidate className="space-y-4">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <img
                src={enrolment.qr_code}
                alt="QR code to add this site to your authenticator app"
                width={176}
                height={176}
                className="h-44 w-44 shrink-0 self-center rounded-xl border border-slate-200 bg-white p-2 sm:self-start"
              />
              <ol className="min-w-0 list-decimal space-y-2 pl-5 text-sm text-slate-600">
                <li>
                  Open your authenticator app and scan this QR code. On this phone?{" "}
                  <a
                    href={enrolment.otpauth_uri}
                    className="font-medium text-ocean-700 underline underline-offset-2 hover:text-ocean-900"
                  >
                    Add it to the app directly
                  </a>
                  .
                </li>
                <li>
                  Can’t scan it? Add an account by hand with this key:
                  <code
                    data-testid="totp-secret"
                    className="mt-1 block rounded-lg bg-slate-100 px-2.5 py-1.5 font-mono text-sm break-words text-ocean-900 select-all"
                  >
                    {groupSecret(enrolment.secret)}
                  </code>
                </li>
                <li>Enter the 6-digit code the app now shows.</li>
              </ol>
            </div>
            <TextField
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={64}
              placeholder="123 456"
              value={code}
              error={errors.code}
              onChange={(e) => setCode(e.target.value)}
              className="sm:max-w-56"
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                onClick={() => {
                  setEnrolment(null);
                  setErrors({});
                  clear();
                }}
              >
                Cancel
              </Button>
              <Button type="submit" variant="teal" busy={busy}>
                <ShieldCheck aria-hidden="true" className="h-4 w-4" />
                Turn on
              </Button>
            </div>
          </form>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Someone who learns the password still cannot sign in without your phone. Any authenticator app
              works, such as Google Authenticator, Microsoft Authenticator or 1Password.
            </p>
            <div className="flex justify-end">
              <Button variant="teal" onClick={start} busy={busy}>
                <ShieldCheck aria-hidden="true" className="h-4 w-4" />
                Set up two-factor sign-in
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Tidewater admin recovery codes (each works once)\n\n${codes.join("\n")}\n`;
  return (
    <div className="space-y-4">
      <Alert tone="success" title="Two-factor sign-in is on">
        Save these recovery codes somewhere safe now: each one signs you in once if you lose your phone. They
        will not be shown again.
      </Alert>
      <ul
        data-testid="recovery-codes"
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 font-mono text-sm text-ocean-900"
      >
        {codes.map((c) => (
          <li key={c} className="text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(codes.join("\n"));
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button onClick={() => downloadText("tidewater-admin-recovery-codes.txt", text)}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download
        </Button>
        <Button variant="primary" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
