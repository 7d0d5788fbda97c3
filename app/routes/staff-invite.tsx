import { KeyRound, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../components/admin/ui/alert";
import { Button } from "../components/admin/ui/button";
import { TextField } from "../components/admin/ui/fields";
import { groupSecret, NEW_PASSWORD_MIN } from "../lib/admin-security";
import { siteInfo } from "../lib/site";
import { ROLE_LABELS, ROLE_SUMMARIES } from "../lib/staff-access";
import type { InviteView } from "../lib/staff-api";
import { useRootData } from "../root";
import type { Route } from "./+types/staff-invite";
import "../admin.css";

type Loaded = { ok: true; invite: InviteView } | { ok: false; detail: string };

const invitePath = (token: string) => `/api/admin/invites/${encodeURIComponent(token)}`;

/**
 * The invitation is read in the browser (its address is the credential, and
 * reading it may start the authenticator's set-up): the server renders the
 * fallback only.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Loaded> {
  try {
    const res = await fetch(invitePath(params.token), { headers: { Accept: "application/json" } });
    const body = (await res.json().catch(() => ({}))) as InviteView & { detail?: string };
    if (!res.ok) return { ok: false, detail: body.detail ?? "This invitation cannot be opened." };
    return { ok: true, invite: body };
  } catch {
    return { ok: false, detail: "Connection error. Please reload the page." };
  }
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 text-slate-500" role="status">
      <meta name="robots" content="noindex, nofollow" />
      <title>Staff invitation</title>
      <Loader2 aria-hidden="true" className="mr-2 h-5 w-5 animate-spin" />
      Opening your invitation…
    </div>
  );
}

function AcceptForm({ token, invite }: { token: string; invite: InviteView }) {
  const [values, setValues] = useState({ password: "", confirm_password: "", code: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string[] | null>(null);
  const id = useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem("");
    try {
      const res = await fetch(invitePath(token), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(invite.two_factor_required ? values : { ...values, code: undefined }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        detail?: string;
        errors?: Record<string, string>;
        recovery_codes?: string[];
      };
      setErrors(body.errors ?? {});
      if (res.ok) setDone(body.recovery_codes ?? []);
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
      <div className="space-y-4" data-testid="invite-accepted">
        <Alert tone="success" title="Your account is ready">
          Sign in with {invite.email} and the password you chose.
        </Alert>
        {done.length ? (
          <div>
            <p className="text-sm text-slate-700">
              Keep these recovery codes somewhere safe: each one signs you in once if you lose your phone.
              They are shown only now.
            </p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
              {done.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        ) : null}
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
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="font-display text-2xl font-semibold text-ocean-900">
        Set your password
      </h1>
      <p className="text-sm text-slate-600">
        Hi {invite.name}: you are joining as <strong>{ROLE_LABELS[invite.role]}</strong>.{" "}
        {ROLE_SUMMARIES[invite.role]}
      </p>
      <TextField label="Email" value={invite.email} readOnly autoComplete="username" name="email" />
      <TextField
        label="Password"
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
        label="Password again"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={values.confirm_password}
        onChange={(e) => setValues({ ...values, confirm_password: e.target.value })}
        error={errors.confirm_password}
        required
      />
      {invite.two_factor_required && invite.enrolment ? (
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Two-factor sign-in</legend>
          <p className="text-sm text-slate-600">
            Your role signs in with a code from an authenticator app too. Scan this code with the app (or type
            the key), then enter the 6-digit code it shows.
          </p>
          <img
            src={invite.enrolment.qr_code}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
          />
          <p className="font-mono text-sm break-all">{groupSecret(invite.enrolment.secret)}</p>
          <TextField
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={values.code}
            onChange={(e) => setValues({ ...values, code: e.target.value })}
            error={errors.code}
            required
          />
        </fieldset>
      ) : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Button type="submit" variant="primary" busy={busy} className="w-full">
        Save and finish
      </Button>
    </form>
  );
}

/** /staff/invite/:token: the invited person sets their password (and authenticator, where the role needs it). */
export default function StaffInvite({ loaderData, params }: Route.ComponentProps) {
  const site = siteInfo(useRootData().content);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-ocean-950 to-ocean-800 px-4 py-10">
      <meta name="robots" content="noindex, nofollow" />
      <title>Staff invitation</title>
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center text-white">
          <img src={site.logo} alt="" width={56} height={56} className="h-14 w-14" />
          <p className="mt-3 font-display text-xl font-semibold">{site.title}</p>
          <p className="inline-flex items-center gap-1.5 text-sm text-ocean-100">
            <KeyRound aria-hidden="true" className="h-4 w-4" />
            Staff invitation
          </p>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-xl sm:p-7">
          {loaderData.ok ? (
            <AcceptForm token={params.token} invite={loaderData.invite} />
          ) : (
            <Alert tone="error" title="This invitation cannot be used">
              {loaderData.detail}
            </Alert>
          )}
        </div>
      </div>
    </main>
  );
}
