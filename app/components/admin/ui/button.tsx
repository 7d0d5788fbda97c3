/** The admin buttons: one set of variants, also as a class for links that look like buttons. */
import { Loader2 } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { cx } from "./cx";

const buttonVariants = {
  primary: "bg-coral-600 text-white shadow-sm hover:bg-coral-700",
  secondary: "border border-slate-300 bg-white text-ocean-900 hover:bg-slate-50",
  teal: "bg-reef-600 text-white shadow-sm hover:bg-reef-700",
  danger: "border border-coral-200 bg-white text-coral-700 hover:bg-coral-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  dark: "bg-ocean-900 text-white hover:bg-ocean-800",
} as const;
export type ButtonVariant = keyof typeof buttonVariants;

export function buttonClass(variant: ButtonVariant = "secondary", size: "sm" | "md" = "md"): string {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-55",
    size === "sm" ? "min-h-9 px-3 py-1.5 text-sm" : "min-h-11 px-4 py-2.5 text-sm",
    buttonVariants[variant],
  );
}

export function Button({
  variant = "secondary",
  size = "md",
  busy = false,
  className,
  children,
  type = "button",
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: "sm" | "md";
  busy?: boolean;
}) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cx(buttonClass(variant, size), className)}
      {...rest}
    >
      {busy ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
      {children}
    </button>
  );
}
