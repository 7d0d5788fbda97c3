import { Star } from "lucide-react";

interface StarsProps {
  /** 1 to 5; fractions are shown rounded to the nearest whole star. */
  rating: number;
  className?: string;
  /** Size classes for each star. */
  starClassName?: string;
  /** Overrides the spoken label, e.g. for an average. */
  label?: string;
}

/** A row of five stars with one spoken label ("Rated 5 out of 5") instead of five icons. */
export function Stars({ rating, className = "", starClassName = "h-4 w-4", label }: StarsProps) {
  const value = Math.max(0, Math.min(5, rating));
  const filled = Math.round(value);
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${Number.isInteger(value) ? value : value.toFixed(1)} out of 5`}
      className={`inline-flex items-center gap-0.5 ${className}`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={`${starClassName} ${n <= filled ? "fill-amber-400 text-amber-400" : "fill-slate-200 text-slate-200"}`}
        />
      ))}
    </span>
  );
}
