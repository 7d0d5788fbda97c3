import { KeyRound, Loader2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { siteInfo } from "../../lib/site";
import { useRootData } from "../../root";
import { Alert } from "./ui/alert";

/**
 * What the pages an emailed staff link opens share (an invitation, a
 * password reset): the link is read in the browser, since its address is the
 * credential, so the server renders the loading fallback only; the page
 * around the form; the form's call to the link's address; the way back to
 * sign in.
 */

export type LinkLoad<T> = { ok: true; data: T } | { ok: false; detail: string };

/** Reads the link's address; `cannot` when the server answered no detail. */
export async function readLink<T>(path: string, cannot: string): Promise<LinkLoad<T>> {
  try {
    const res = await fetch(path, { headers: { Accept: "application/json" } });
    const body = (await res.json().catch(() => ({}))) as T & { detail?: string };
    if (!res.ok) return { ok: false, detail: body.detail ?? cannot };
    return { ok: true, data: body };
  } catch {
    return { ok: false, detail: "Connection error. Please reload the page." };
  }
}

export function LinkFallback({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 text-slate-500" role="status">
      <meta name="robots" content="noindex, nofollow" />
      <title>{title}</title>
      <Loader2 aria-hidden="true" className="mr-2 h-5 w-5 animate-spin" />
      {text}
    </div>
  );
}

/** The site's name over a card: the form, or why the link cannot be used. */
export function StaffLinkPage({
  title,
  label,
  failTitle,
  load,
  children,
}: {
  title: string;
  label: string;
  failTitle: string;
  load: LinkLoad<unknown>;
  children: ReactNode;
}) {
  const site = siteInfo(useRootData().content);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-ocean-950 to-ocean-800 px-4 py-10">
      <meta name="robots" content="noindex, nofollow" />
      <title>{title}</title>
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center text-white">
          <img src={site.logo} alt="" width={56} height={56} className="h-14 w-14" />
          <p className="mt-3 font-display text-xl font-semibold">{site.title}</p>
          <p className="inline-flex items-center gap-1.5 text-sm text-ocean-100">
            <KeyRound aria-hidden="true" className="h-4 w-4" />
            {label}
          </p>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-xl sm:p-7">
          {load.ok ? (
            children
          ) : (
            <Alert tone="error" title={failTitle}>
              {load.detail}
            </Alert>
          )}
        </div>
      </div>
    </main>
  );
}

/**
 * The form's POST to the link's address: field errors by name, or a problem
 * to show above the button; `onDone` with the answer when it worked.
 */
export function useLinkForm<T>(path: string, onDone: (answer: T) => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const send = async (e: React.FormEvent, payload: unknown) => {
    e.preventDefault();
    setBusy(true);
    setProblem("");
    try {
      const res = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload),
      });
      const body = (await res.json().catch(() => ({}))) as T & {
        detail?: string;
        errors?: Record<string, string>;
      };
      setErrors(body.errors ?? {});
      if (res.ok) onDone(body);
      else if (!body.errors || !Object.keys(body.errors).length)
        setProblem(body.detail ?? "That did not work.");
    } catch {
      setProblem("Connection error. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return { errors, problem, busy, send };
}

export function SignInLink() {
  return (
    <Link to="/admin" className="inline-flex font-semibold text-ocean-700 underline-offset-2 hover:underline">
      Go to sign in
    </Link>
  );
}
