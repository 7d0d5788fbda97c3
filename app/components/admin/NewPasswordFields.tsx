import { NEW_PASSWORD_MIN } from "../../lib/admin-security";
import { TextField } from "./ui/fields";

/** The two password fields' values, as the staff link forms keep them. */
export interface NewPassword {
  password: string;
  confirm_password: string;
}

/**
 * The account's email (read-only, so password managers file the new password
 * under it) and a new password typed twice: the invitation's "Password" and
 * the reset's "New password" share the fields, their checks and their hints.
 */
export function NewPasswordFields<T extends NewPassword>(p: {
  email: string;
  /** "Password" for a first password, "New password" for a reset. */
  label: string;
  values: T;
  onChange: (values: T) => void;
  errors: Partial<Record<keyof NewPassword, string>>;
}) {
  return (
    <>
      <TextField label="Email" value={p.email} readOnly autoComplete="username" name="email" />
      <TextField
        label={p.label}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${NEW_PASSWORD_MIN} characters.`}
        value={p.values.password}
        onChange={(e) => p.onChange({ ...p.values, password: e.target.value })}
        error={p.errors.password}
        required
      />
      <TextField
        label={`${p.label} again`}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={p.values.confirm_password}
        onChange={(e) => p.onChange({ ...p.values, confirm_password: e.target.value })}
        error={p.errors.confirm_password}
        required
      />
    </>
  );
}
