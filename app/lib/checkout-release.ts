/**
 * "Release my unfinished checkouts": what the refusal on /book offers, the
 * request form's schema and the one answer every address gets (whether or not
 * it has checkouts: the answer tells nobody who has booked).
 */
import { z } from "zod";
import { emailField } from "./validation.ts";

/** The page that emails a release link; /book's refusal posts its form here. */
export const RELEASE_REQUEST_PATH = "/checkouts/release";

/** Where the API's refusal points a script: POST { email } here for the same link. */
export const RELEASE_LINK_API = "/api/checkouts/release-link";

export const RELEASE_OFFER_BUTTON = "Email me a link to release them";

export const RELEASE_REQUESTED =
  "If this address has unfinished checkouts, we have emailed it a link to release them. The link works for an hour.";

export const releaseRequestSchema = z.object({ email: emailField });

/**
 * Whether a refusal is the person's own open-checkout cap (the one their email
 * can free), as the server words it in server/domain/money/checkout-cap.
 */
export const offersRelease = (message: string | null | undefined): boolean =>
  Boolean(message && /^You already have \d+ unfinished checkouts\./.test(message));
