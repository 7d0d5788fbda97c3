import { Lock } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { adminLogin } from "../../lib/admin-api";
import { Alert, Button } from "./ui";

/** The access gate (admin spec sections 2 and 8): one password field and a submit action. */
export function LoginScreen({ siteTitle, logo }: { siteTitle: string; logo: string }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError("Password is required");
      return;
    }
    setBusy(true);
    setError("");
    const outcome = await adminLogin(password);
    // On success the stored token switches the layout to the admin shell.
    if (!outcome.ok) {
      setError(outcome.message);
      setBusy(false);
    }
  };

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
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-ocean-50 text-ocean-700">
              <Lock aria-hidden="true" className="h-5 w-5" />
            </span>
            <h1 id={`${id}-title`} className="font-display text-2xl font-semibold text-ocean-900">
              Admin Login
            </h1>
          </div>
          {error ? (
            <Alert tone="error" className="mb-4">
              <span data-testid="login-error">{error}</span>
            </Alert>
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
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="field"
          />
          <Button type="submit" variant="primary" busy={busy} className="mt-5 w-full">
            {busy ? "Signing in…" : "Sign in"}
          </Button>
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
