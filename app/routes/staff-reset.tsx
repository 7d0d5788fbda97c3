import { KeyRound, Loader2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../components/admin/ui/alert";
import { Button } from "../components/admin/ui/button";
import { TextField } from "../components/admin/ui/fields";
import { NEW_PASSWORD_MIN } from "../lib/admin-security";
import { siteInfo } from "../lib/site";
import { RESET_REQUEST_PATH } from "../lib/staff-api";
import { useRootData } from "../root";
import type { Route } from "./+types/staff-reset";
import "../admin.css";

type Loaded = { ok: true; email: string; name: string } | { ok: false; detail: string };

const resetPath = (token: string) => `${RESET_REQUEST_PATH}/${encodeURIComponent(token)}`;

/** The link is read in the browser (its address is the credential): the server renders the fallback only. */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Loaded> {
  try {
    const res = await fetch(resetPath(params.token), { headers: { Accept: "application/json" } });
    const body = (await res.json().catch(() => ({}))) as { email?: string; name?: string; detail?: string };
    if (!res.ok) return { ok: false, detail: body.detail ?? "This link cannot be used." };
    return { ok: true, email: body.email ?? "", name: body.name ?? "" };
  } catch {
    return { ok: false, detail: "Connection error. Please reload the page." };
  }
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 text-slate-500" role="status">
      <meta name="robots" content="noindex, nofollow" />
      <title>Reset your password</title>
      <Loader2 aria-hidden="true" className="mr-2 h-5 w-5 animate-spin" />
      Opening…
    </div>
  );
}

function ResetForm({ token, email }: { token: string; email: string }) {
  const [values, setValues] = useState({ password: "", confirm_password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem("");
    try {
      const res = await fetch(resetPath(token), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      const body = (await res.json().catch(() => ({}))) as {
        detail?: string;
        errors?: Record<string, string>;
      };
      setErrors(body.errors ?? {});
      if (res.ok) setDone(true);
      else if (!body.errors || !Object.keys(body.errors).length)
        setProblem(body.detail ?? "That did not work.");
    } catch {
      setProblem("Connection error. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="space-y-4" data-testid="password-reset-done">
        <Alert tone="success" title="Your password is changed">
          You were signed out everywhere. Sign in with {email} and the new password.
        </Alert>
        <Link
          to="/admin"
          className="inline-flex font-semibold text-ocean-700 underline-offset-2 hover:underline"
        >
          Go to sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="font-display text-2xl font-semibold text-ocean-900">Choose a new password</h1>
      <TextField label="Email" value={email} readOnly autoComplete="username" name="email" />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${NEW_PASSWORD_MIN} characters.`}
        value={values.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
        error={errors.password}
        required
      />
      <TextField
        label="New password again"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={values.confirm_password}
        onChange={(e) => setValues({ ...values, confirm_password: e.target.value })}
        error={errors.confirm_password}
        required
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Button type="submit" variant="primary" busy={busy} className="w-full">
        Save the new password
      </Button>
    </form>
  );
}

/** /staff/reset/:token: a member sets a new password from the emailed link. */
export default function StaffReset({ loaderData, params }: Route.ComponentProps) {
  const site = siteInfo(useRootData().content);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-ocean-950 to-ocean-800 px-4 py-10">
      <meta name="robots" content="noindex, nofollow" />
      <title>Reset your password</title>
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center text-white">
          <img src={site.logo} alt="" width={56} height={56} className="h-14 w-14" />
          <p className="mt-3 font-display text-xl font-semibold">{site.title}</p>
          <p className="inline-flex items-center gap-1.5 text-sm text-ocean-100">
            <KeyRound aria-hidden="true" className="h-4 w-4" />
            Password reset
          </p>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-xl sm:p-7">
          {loaderData.ok ? (
            <ResetForm token={params.token} email={loaderData.email} />
          ) : (
            <Alert tone="error" title="This link cannot be used">
              {loaderData.detail}
            </Alert>
          )}
        </div>
      </div>
    </main>
  );
}
