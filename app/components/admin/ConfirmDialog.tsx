import { AlertTriangle } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "./ui/button";

/**
 * A modal confirmation (native <dialog>: focus trap, Escape closes). Used
 * before every delete and status change; the message text is the spec's.
 */
export function ConfirmDialog({
  open,
  title = "Please confirm",
  message,
  children,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  tone = "danger",
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: ReactNode;
  message: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  busy?: boolean;
  /** Keeps the confirm button off, e.g. while details the choice depends on load. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onClose={() => {
        if (open) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-800 shadow-xl backdrop:bg-ocean-950/50"
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${
              tone === "danger" ? "bg-coral-50 text-coral-600" : "bg-ocean-50 text-ocean-700"
            }`}
          >
            <AlertTriangle className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-sans text-base font-semibold text-ocean-900">
              {title}
            </h2>
            <p id={messageId} className="mt-1 text-sm text-slate-600">
              {message}
            </p>
            {children ? <div className="mt-3 text-sm">{children}</div> : null}
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === "danger" ? "primary" : "dark"}
            onClick={onConfirm}
            busy={busy}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

interface ConfirmRequest {
  message: ReactNode;
  title?: ReactNode;
  details?: ReactNode;
  confirmLabel?: string;
  tone?: "danger" | "primary";
}

/**
 * Promise-style confirmation: `if (await confirm({ message })) ...`.
 * Render `dialog` once in the component.
 */
export function useConfirm() {
  const [request, setRequest] = useState<(ConfirmRequest & { resolve: (ok: boolean) => void }) | null>(null);
  const confirm = useCallback(
    (req: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        setRequest({ ...req, resolve });
      }),
    [],
  );
  const settle = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title}
      message={request?.message ?? ""}
      confirmLabel={request?.confirmLabel}
      tone={request?.tone}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    >
      {request?.details}
    </ConfirmDialog>
  );
  return { confirm, dialog } as const;
}
