import { ArrowLeft, Lock, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { adminLogin } from "../../lib/admin-api";
import { RESET_REQUEST_PATH } from "../../lib/staff-api";
import { Alert, type AlertTone } from "./ui/alert";
import { Button } from "./ui/button";

/**
 * The access gate: one password field and a
 * submit action (and an email field above it once staff exist: each person
 * signs in to their own account, the owner with the owner's email). When two-factor sign-in is on, the server asks for the code
 * after the password; the screen then shows a second step with a code field
 * (or a recovery code) and sends the password again with it.
 */
export function LoginScreen({
  siteTitle,
  logo,
  emailRequired = false,
}: {
  siteTitle: string;
  logo: string;
  emailRequired?: boolean;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<"password" | "code">("password");
  const [recovery, setRecovery] = useState(false);
  const [notice, setNotice] = useState<{ tone: AlertTone; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (emailRequired && !email.trim()) {
      setNotice({ tone: "error", text: "Email is required" });
      return;
    }
    if (!password) {
      setNotice({ tone: "error", text: "Password is required" });
      return;
    }
    if (step === "code" && !code.trim()) {
      setNotice({ tone: "error", text: recovery ? "Enter a recovery code." : "Enter the 6-digit code." });
      return;
    }
    setBusy(true);
    setNotice(null);
    const outcome = await adminLogin(
      password,
      step === "code" ? code.trim() : undefined,
      undefined,
      emailRequired ? email.trim() : undefined,
    );
    // On success the stored token switches the layout to the admin shell.
    if (outcome.ok) return;
    setBusy(false);
    if (outcome.twoFactor && step === "password") {
      // The password was accepted (or new devices need a code): ask for it, as guidance, not as an error.
      setStep("code");
      setNotice({ tone: "info", text: outcome.message });
      return;
    }
    setNotice({ tone: "error", text: outcome.message });
    if (step === "code") setCode("");
  };

  /** A member's "forgot my password": the server mails a link when the email has an account, and says the same either way. */
  const forgot = async () => {
    if (!email.trim()) {
      setNotice({ tone: "error", text: "Enter your email first, then ask for the link." });
      return;
    }
    setBusy(true);
    try {
      const res = await fetch(RESET_REQUEST_PATH, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email: email.trim() }),
      });
      const body = (await res.json().catch(() => ({}))) as { detail?: string };
      setNotice({
        tone: res.ok ? "info" : "error",
        text: body.detail ?? "That did not work. Please try again.",
      });
    } catch {
      setNotice({ tone: "error", text: "Connection error. Please try again." });
    } finally {
      setBusy(false);
    }
  };

  const back = () => {
    setStep("password");
    setCode("");
    setRecovery(false);
    setNotice(null);
  };

  const codeStep = step === "code";
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-ocean-950 to-ocean-800 px-4 py-10">
      <title>Admin sign in</title>
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center text-white">
          <img src={logo} alt="" width={56} height={56} className="h-14 w-14" />
          <p className="mt-3 font-display text-xl font-semibold">{siteTitle}</p>
          <p className="text-sm text-ocean-100">Administrator area</p>
        </div>
        <form
          onSubmit={onSubmit}
          noValidate
          className="rounded-2xl bg-white p-6 shadow-xl sm:p-7"
          aria-labelledby={`${id}-title`}
        >
          <div className="mb-5 flex items-center gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-ocean-50 text-ocean-700">
              {codeStep ? (
                <ShieldCheck aria-hidden="true" className="h-5 w-5" />
              ) : (
                <Lock aria-hidden="true" className="h-5 w-5" />
              )}
            </span>
            <h1 id={`${id}-title`} className="font-display text-2xl font-semibold text-ocean-900">
              {codeStep ? "Two-factor sign-in" : "Admin Login"}
            </h1>
          </div>
          {notice ? (
            <Alert tone={notice.tone} className="mb-4">
              <span data-testid={notice.tone === "error" ? "login-error" : "login-notice"}>
                {notice.text}
              </span>
            </Alert>
          ) : null}
          {codeStep ? (
            <>
              <label htmlFor={`${id}-code`} className="field-label">
                {recovery ? "Recovery code" : "Authentication code"}
              </label>
              <input
                key={recovery ? "recovery" : "totp"}
                id={`${id}-code`}
                name="code"
                type="text"
                required
                inputMode={recovery ? "text" : "numeric"}
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
                placeholder={recovery ? "xxxxx-xxxxx" : "123 456"}
                aria-describedby={`${id}-code-hint`}
                // biome-ignore lint/a11y/noAutofocus: the step exists only to take this code
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value)}
                className="field font-mono tracking-widest"
              />
              <p id={`${id}-code-hint`} className="mt-1.5 text-xs text-slate-500">
                {recovery
                  ? "Each recovery code works once."
                  : "Open your authenticator app and enter the code it shows for this site."}
              </p>
              <Button type="submit" variant="primary" busy={busy} className="mt-5 w-full">
                {busy ? "Checking…" : "Verify and sign in"}
              </Button>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
                <button
                  type="button"
                  onClick={back}
                  className="inline-flex items-center gap-1 font-medium text-slate-600 hover:text-ocean-900"
                >
                  <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                  Back
                </button>
                <button
                  type="button"
                  onClick={() => {
                    setRecovery((r) => !r);
                    setCode("");
                  }}
                  className="font-medium text-ocean-700 underline-offset-2 hover:underline"
                >
                  {recovery ? "Use the authenticator app" : "Use a recovery code"}
                </button>
              </div>
            </>
          ) : (
            <>
              {emailRequired ? (
                <>
                  <label htmlFor={`${id}-email`} className="field-label">
                    Email
                  </label>
                  <input
                    id={`${id}-email`}
                    name="email"
                    type="email"
                    required
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    // biome-ignore lint/a11y/noAutofocus: the first field on a screen whose only job is signing in
                    autoFocus
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    className="field mb-4"
                  />
                </>
              ) : null}
              <label htmlFor={`${id}-password`} className="field-label">
                Password
              </label>
              <input
                id={`${id}-password`}
                name="password"
                type="password"
                required
                autoComplete="current-password"
                // biome-ignore lint/a11y/noAutofocus: the only field on a screen whose only job is signing in
                autoFocus={!emailRequired}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                className="field"
              />
              <Button type="submit" variant="primary" busy={busy} className="mt-5 w-full">
                {busy ? "Signing in…" : "Sign in"}
              </Button>
              {emailRequired ? (
                <button
                  type="button"
                  onClick={forgot}
                  disabled={busy}
                  className="mt-4 text-sm font-medium text-ocean-700 underline-offset-2 hover:underline"
                >
                  Forgot your password? Email me a link
                </button>
              ) : null}
            </>
          )}
        </form>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-ocean-100 underline-offset-2 hover:text-white hover:underline">
            ← Back to Site
          </Link>
        </p>
      </div>
    </main>
  );
}
