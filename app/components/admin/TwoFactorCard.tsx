import { Copy, Download, ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { downloadText, formatDateTimeAU } from "../../lib/admin-api";
import { useAdminWrite } from "../../lib/admin-data";
import { groupSecret, type SecurityStatus, type TwoFactorEnrolment } from "../../lib/admin-security";
import { siteName } from "../../lib/site";
import { useRootData } from "../../root";
import { type Failure, showFailure } from "./security-failure";
import { Alert, useFlash } from "./ui/alert";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { TextField } from "./ui/fields";
import { Card } from "./ui/layout";

/**
 * Two-factor sign-in on the settings page: set it up (QR code, then a code),
 * see it on, turn it off, unless the account must keep it (`locked` says why).
 */
export function TwoFactorCard({
  status,
  locked = null,
}: {
  status: SecurityStatus["two_factor"];
  locked?: string | null;
}) {
  const write = useAdminWrite();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { flash, show, clear } = useFlash();
  const [busy, setBusy] = useState(false);

  const fail = (res: Failure) => showFailure(res, setErrors, show);

  // The password again: a session alone must not be able to tie the console to someone else's phone.
  const start = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) {
      setErrors({ password: "Password is required" });
      return;
    }
    setBusy(true);
    clear();
    const res = await write<TwoFactorEnrolment>("POST", "/api/admin/two-factor/start", { password });
    setBusy(false);
    if (res.ok) {
      setEnrolment(res.data);
      setPassword("");
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
        <KeyNotice status={status} />

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
            {locked ? (
              <p
                className="border-t border-slate-100 pt-4 text-sm text-slate-600"
                data-testid="two-factor-locked"
              >
                {locked}
              </p>
            ) : (
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
            )}
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
        ) : status.can_set_up ? (
          <form onSubmit={start} noValidate className="space-y-4" aria-label="Set up two-factor sign-in">
            <p className="text-sm text-slate-600">
              Someone who learns the password still cannot sign in without your phone. Any authenticator app
              works, such as Google Authenticator, Microsoft Authenticator or 1Password.
            </p>
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              hint="To set it up, confirm it is you."
              value={password}
              error={errors.password}
              onChange={(e) => setPassword(e.target.value)}
              className="sm:max-w-72"
            />
            <div className="flex justify-end">
              <Button type="submit" variant="teal" busy={busy}>
                <ShieldCheck aria-hidden="true" className="h-4 w-4" />
                Set up two-factor sign-in
              </Button>
            </div>
          </form>
        ) : null}
      </div>
    </Card>
  );
}

/** What the server's encryption key means for two-factor sign-in, when it means something. */
function KeyNotice({ status }: { status: SecurityStatus["two_factor"] }) {
  if (status.secret === "unreadable") {
    return (
      <Alert tone="error" title="The authenticator's secret cannot be read">
        It was stored with another encryption key, so sign-in with a code fails. Restore that key
        (ENCRYPTION_KEY, or encryption.key in the data folder), or turn two-factor sign-in off with npm run
        admin:two-factor-off and set it up again.
      </Alert>
    );
  }
  if (status.secret === "unencrypted") {
    return (
      <Alert tone="warning" title="Stored without encryption">
        Set ENCRYPTION_KEY in the server configuration (the same value for every server process) and restart:
        the authenticator's secret is then encrypted.
      </Alert>
    );
  }
  if (!status.enabled && !status.can_set_up) {
    return (
      <Alert tone="info" title="Needs an encryption key first">
        <span data-testid="two-factor-needs-key">
          On PostgreSQL, set ENCRYPTION_KEY in the server configuration (the same value for every server
          process, for example the output of openssl rand -base64 32) and restart. The authenticator's secret
          is then stored encrypted.
        </span>
      </Alert>
    );
  }
  return null;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const site = siteName(useRootData().content);
  const text = `${site} admin recovery codes (each works once)\n\n${codes.join("\n")}\n`;
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
