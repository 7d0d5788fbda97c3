import { useId, useState } from "react";
import { NewPasswordFields } from "../components/admin/NewPasswordFields";
import {
  LinkFallback,
  readLink,
  SignInLink,
  StaffLinkPage,
  useLinkForm,
} from "../components/admin/StaffLinkPage";
import { Alert } from "../components/admin/ui/alert";
import { Button } from "../components/admin/ui/button";
import { TextField } from "../components/admin/ui/fields";
import { groupSecret } from "../lib/admin-security";
import { ROLE_LABELS, ROLE_SUMMARIES } from "../lib/staff-access";
import type { InviteView } from "../lib/staff-api";
import type { Route } from "./+types/staff-invite";
import "../admin.css";

const invitePath = (token: string) => `/api/admin/invites/${encodeURIComponent(token)}`;

/** Reading the invitation may start the authenticator's set-up: only ever in the browser. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return readLink<InviteView>(invitePath(params.token), "This invitation cannot be opened.");
}

export function HydrateFallback() {
  return <LinkFallback title="Staff invitation" text="Opening your invitation…" />;
}

function AcceptForm({ token, invite }: { token: string; invite: InviteView }) {
  const [values, setValues] = useState({ password: "", confirm_password: "", code: "" });
  const [done, setDone] = useState<string[] | null>(null);
  const { errors, problem, busy, send } = useLinkForm<{ recovery_codes?: string[] }>(
    invitePath(token),
    (answer) => setDone(answer.recovery_codes ?? []),
  );
  const id = useId();
  const submit = (e: React.FormEvent) =>
    send(e, invite.two_factor_required ? values : { ...values, code: undefined });

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
        <SignInLink />
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
      <NewPasswordFields
        label="Password"
        email={invite.email}
        values={values}
        onChange={setValues}
        errors={errors}
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
  return (
    <StaffLinkPage
      title="Staff invitation"
      label="Staff invitation"
      failTitle="This invitation cannot be used"
      load={loaderData}
    >
      {loaderData.ok ? <AcceptForm token={params.token} invite={loaderData.data} /> : null}
    </StaffLinkPage>
  );
}
