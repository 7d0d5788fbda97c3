/**
 * Everything the periodic trip job does (every 15 minutes in every process,
 * see services.server.ts): the trip emails, the readiness requests, the
 * erasure of medical answers whose retention time has passed, and forgetting
 * newsletter sign-ups nobody confirmed in time. Each part is
 * safe to run in parallel with itself elsewhere; one failing part does not
 * keep the others from running.
 */
import type { Env } from "../../env.server.ts";
import { eraseExpiredMedicalData } from "../dive-ops/medical-retention.server.ts";
import { forgetUnconfirmedSignUps } from "../messaging/newsletter-signup.server.ts";
import { sendReadinessEmails } from "../messaging/readiness-emails.server.ts";
import { sendTripEmails, type TripEmailDeps } from "../messaging/trip-emails.server.ts";

export interface TripJobDeps extends TripEmailDeps {
  env: Pick<Env, "publicUrl" | "MEDICAL_RETENTION_DAYS" | "DATA_DIR">;
}

export interface TripJobResult {
  reminders: number;
  thankYous: number;
  /** Reminders dropped because they could only arrive too late. */
  expired: number;
  readinessRequests: number;
  /** Readiness requests dropped for the same reason. */
  readinessExpired: number;
  /** Participants whose medical answers were erased. */
  medicalErased: number;
  /** Newsletter sign-ups forgotten because nobody confirmed them before their links expired. */
  signUpsForgotten: number;
}

export async function runTripJobs(deps: TripJobDeps): Promise<TripJobResult> {
  const failures: unknown[] = [];
  const attempt = async <T>(job: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await job();
    } catch (error) {
      failures.push(error);
      return fallback;
    }
  };
  const trip = await attempt(() => sendTripEmails(deps), { reminders: 0, thankYous: 0, expired: 0 });
  const readiness = await attempt(() => sendReadinessEmails(deps), { requests: 0, expired: 0 });
  const medicalErased = await attempt(
    () => eraseExpiredMedicalData(deps.db, deps.now(), deps.env.MEDICAL_RETENTION_DAYS, deps.env.DATA_DIR),
    0,
  );
  if (medicalErased) deps.log.info("medical answers erased", { participants: medicalErased });
  const signUpsForgotten = await attempt(() => forgetUnconfirmedSignUps(deps.db, deps.now()), 0);
  if (signUpsForgotten)
    deps.log.info("unconfirmed newsletter sign-ups forgotten", { count: signUpsForgotten });
  if (failures.length)
    throw failures.length === 1 ? failures[0] : new AggregateError(failures, "trip jobs failed");
  return {
    ...trip,
    readinessRequests: readiness.requests,
    readinessExpired: readiness.expired,
    medicalErased,
    signUpsForgotten,
  };
}
