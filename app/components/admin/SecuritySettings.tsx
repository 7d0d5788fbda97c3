import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { failureText, useAdminWrite } from "../../lib/admin-data";
import {
  type AdminSession,
  CHANGE_PASSWORD_PATH,
  changePasswordSchema,
  NEW_PASSWORD_MIN,
  type SecurityStatus,
} from "../../lib/admin-security";
import type { FormResult } from "../../lib/form-result";
import { SessionsCard } from "./SessionsCard";
import { showFailure } from "./security-failure";
import { TwoFactorCard } from "./TwoFactorCard";
import { Alert, useFlash } from "./ui/alert";
import { Button } from "./ui/button";
import { TextField } from "./ui/fields";
import { Card } from "./ui/layout";

/**
 * The settings page's sign-in section: the password, two-factor sign-in and
 * the signed-in devices. Its data comes with the settings page's; its writes
 * go through that page's action, which stores the new token a password change
 * answers with.
 */
export function SecuritySettings({
  status,
  sessions,
}: {
  status: FormResult<SecurityStatus>;
  sessions: FormResult<{ sessions: AdminSession[] }>;
}) {
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
          <TwoFactorCard status={status.data.two_factor} locked={status.data.two_factor_locked} />
          <SessionsCard sessions={sessions} className="lg:col-span-2" />
        </div>
      ) : null}
    </section>
  );
}

const emptyPasswords = { current_password: "", new_password: "", confirm_password: "" };
type PasswordField = keyof typeof emptyPasswords;
const isPasswordField = (key: string): key is PasswordField => key in emptyPasswords;

/**
 * Changing one's password: the site's (the owner's, which ends every session
 * and answers this device's new token) by default, or a staff member's own
 * (`path`: their other sessions end, this one stays), with the same rules.
 */
export function PasswordCard({
  fromEnvironment = false,
  path = CHANGE_PASSWORD_PATH,
  description = "Changing it signs out every other device.",
  done = "Password changed. Every other device has been signed out.",
}: {
  fromEnvironment?: boolean;
  path?: string;
  description?: string;
  done?: string;
}) {
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
    const res = await write<{ token: string }>("POST", path, data);
    if (res.ok) {
      reset(emptyPasswords);
      show("success", done);
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
    <Card title="Password" description={description}>
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
