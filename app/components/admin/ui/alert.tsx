/** Banners and the admin screens' one notice mechanism (useFlash). */
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cx } from "./cx";

export type AlertTone = "success" | "error" | "info" | "warning";

const alertStyles: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  success: { box: "border-reef-500/30 bg-reef-50 text-reef-700", Icon: CheckCircle2 },
  error: { box: "border-coral-500/30 bg-coral-50 text-coral-800", Icon: XCircle },
  info: { box: "border-ocean-200 bg-ocean-50 text-ocean-800", Icon: Info },
  warning: { box: "border-amber-300 bg-amber-50 text-amber-900", Icon: AlertTriangle },
};

/** A banner; errors are announced as alerts, the rest politely. */
export function Alert({
  tone = "info",
  title,
  children,
  onDismiss,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  const { box, Icon } = alertStyles[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-tone={tone}
      className={cx("flex items-start gap-3 rounded-xl border px-4 py-3 text-sm", box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? "mt-0.5" : undefined}>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-m-1 rounded-lg p-1 opacity-70 hover:opacity-100"
          aria-label="Dismiss"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}

export interface Flash {
  tone: AlertTone;
  text: string;
  title?: string;
}

/**
 * The admin screens' one notice mechanism: the outcome of the last action.
 * Success and info notices clear themselves after 3 seconds; errors and
 * warnings stay until dismissed or replaced (the operator must read them).
 */
export function useFlash(ms = 3000) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (tone: AlertTone, text: string, title?: string) => {
    clearTimeout(timer.current);
    setFlash(title ? { tone, text, title } : { tone, text });
    if (tone === "success" || tone === "info") timer.current = setTimeout(() => setFlash(null), ms);
  };
  const clear = () => {
    clearTimeout(timer.current);
    setFlash(null);
  };
  return { flash, show, clear } as const;
}

/** Shows a screen's notice from useFlash (dismissable). */
export function FlashAlert({
  flash,
  onDismiss,
  className,
}: {
  flash: Flash | null;
  onDismiss: () => void;
  className?: string;
}) {
  if (!flash) return null;
  return (
    <Alert tone={flash.tone} title={flash.title} onDismiss={onDismiss} className={className}>
      {flash.text}
    </Alert>
  );
}
