/**
 * The professional editor's SEO tab: the meta fields with their length
 * advice, the social sharing image and a preview of the search result.
 */
import { useId } from "react";
import type { Control } from "react-hook-form";
import { seoLengthStatus } from "../../../lib/admin-forms";
import { TextAreaField, TextField } from "../ui";
import { FormImageField } from "./FormImageField";
import type { ProForm, ProText } from "./pro-form";

const SEO_TONES = {
  empty: "text-slate-500",
  short: "text-amber-700",
  good: "text-emerald-700",
  long: "text-coral-700",
} as const;

function SeoCounter({ id, length, min, max }: { id: string; length: number; min: number; max: number }) {
  const status = seoLengthStatus(length, min, max);
  const advice =
    status === "good"
      ? "good length"
      : status === "long"
        ? "longer than recommended"
        : status === "short"
          ? "shorter than recommended"
          : "not set";
  return (
    <p
      id={id}
      className={`mt-1 text-xs font-medium ${SEO_TONES[status]}`}
      aria-live="polite"
      data-status={status}
    >
      {length} characters · recommended {min}–{max} ({advice})
    </p>
  );
}

export function ProSeoFields({
  control,
  text,
  errors,
  title,
  slug,
  shortDescription,
  metaTitle,
  metaDescription,
}: {
  control: Control<ProForm>;
  text: ProText;
  errors: Record<string, string>;
  title: string;
  slug: string;
  shortDescription: string;
  metaTitle: string;
  metaDescription: string;
}) {
  const seoTitleId = useId();
  const seoDescId = useId();
  return (
    <>
      <div>
        <TextField label="Meta title" {...text("meta_title")} aria-describedby={seoTitleId} />
        <SeoCounter id={seoTitleId} length={metaTitle.length} min={50} max={60} />
      </div>
      <div>
        <TextAreaField
          label="Meta description"
          {...text("meta_description")}
          rows={3}
          aria-describedby={seoDescId}
        />
        <SeoCounter id={seoDescId} length={metaDescription.length} min={150} max={160} />
      </div>
      <TextField label="Meta keywords" {...text("meta_keywords")} hint="Comma-separated" />
      <FormImageField
        control={control}
        name="social_image"
        label="Social sharing image"
        error={errors.social_image}
        hint="Shown when the page is shared; the hero image is used when empty"
      />
      <section
        className="rounded-xl border border-slate-200 bg-slate-50 p-4"
        aria-label="Search result preview"
      >
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Search result preview</p>
        <p className="mt-2 truncate text-base text-[#1a0dab]">{metaTitle || title || "Adventure title"}</p>
        <p className="truncate text-xs text-emerald-800">/adventures/{slug || "…"}</p>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">
          {metaDescription || shortDescription || "Add a meta description to control this text."}
        </p>
      </section>
    </>
  );
}
