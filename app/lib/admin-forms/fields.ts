/**
 * The field builders every admin schema is made of, so a field of the same
 * kind carries the same rule and the same message whichever payload holds it.
 */

import { z } from "../zod.ts";
import { isWebAddress } from "./text.ts";

const typeError = (label: string, kind: string) => (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be ${kind}`;

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: typeError(label, "text") })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default("");

const urlMessage = (label: string) =>
  `${label} must be a URL (https://… or a path on this site such as /uploads/photo.webp)`;

export const requiredUrl = (label: string) =>
  requiredText(label, 2000).refine(isWebAddress, { message: urlMessage(label), abort: true });

export const optionalUrl = (label: string) =>
  optionalText(label, 2000).refine((v) => v === "" || isWebAddress(v), { message: urlMessage(label) });

export const textList = (label: string, maxItems = 60, maxLength = 1000) =>
  z
    .array(
      z
        .string({ error: `Each entry of ${label} must be text` })
        .trim()
        .max(maxLength, `Each entry of ${label} must be at most ${maxLength} characters`),
      { error: `${label} must be a list` },
    )
    .max(maxItems, `${label} can have at most ${maxItems} entries`)
    .transform((items) => items.filter(Boolean))
    .default([]);

export const urlList = (label: string) =>
  z
    .array(
      z
        .string({ error: `Each entry of ${label} must be text` })
        .trim()
        .refine((v) => v === "" || isWebAddress(v), { message: `Each entry of ${label} must be a URL` }),
      { error: `${label} must be a list` },
    )
    .max(30, `${label} can have at most 30 entries`)
    .transform((items) => items.filter(Boolean))
    .default([]);

export const int = (label: string, min: number, max: number) =>
  z
    .number({ error: typeError(label, "a number") })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const money = (label: string) =>
  z
    .number({ error: typeError(label, "a number") })
    .min(0, `${label} must be at least 0`)
    .max(100_000, `${label} must be at most 100000`)
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      `${label} can have at most 2 decimal places`,
    );

export const bool = (label: string, fallback: boolean) =>
  z.boolean({ error: `${label} must be true or false` }).default(fallback);
