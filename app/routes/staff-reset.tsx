import { useState } from "react";
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
import { RESET_REQUEST_PATH } from "../lib/staff-api";
import type { Route } from "./+types/staff-reset";
import "../admin.css";

const resetPath = (token: string) => `${RESET_REQUEST_PATH}/${encodeURIComponent(token)}`;

/** The link's address is the credential: read in the browser only. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return readLink<{ email: string; name: string }>(resetPath(params.token), "This link cannot be used.");
}

export function HydrateFallback() {
  return <LinkFallback title="Reset your password" text="Opening…" />;
}

function ResetForm({ token, email }: { token: string; email: string }) {
  const [values, setValues] = useState({ password: "", confirm_password: "" });
  const [done, setDone] = useState(false);
  const { errors, problem, busy, send } = useLinkForm(resetPath(token), () => setDone(true));

  if (done) {
    return (
      <div className="space-y-4" data-testid="password-reset-done">
        <Alert tone="success" title="Your password is changed">
          You were signed out everywhere. Sign in with {email} and the new password.
        </Alert>
        <SignInLink />
      </div>
    );
  }
  return (
    <form onSubmit={(e) => send(e, values)} noValidate className="space-y-4">
      <h1 className="font-display text-2xl font-semibold text-ocean-900">Choose a new password</h1>
      <NewPasswordFields
        label="New password"
        email={email}
        values={values}
        onChange={setValues}
        errors={errors}
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
  return (
    <StaffLinkPage
      title="Reset your password"
      label="Password reset"
      failTitle="This link cannot be used"
      load={loaderData}
    >
      {loaderData.ok ? <ResetForm token={params.token} email={loaderData.data.email} /> : null}
    </StaffLinkPage>
  );
}
