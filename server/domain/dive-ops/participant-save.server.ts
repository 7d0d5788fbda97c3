/**
 * Saving one participant of a booking, from the customer's private link, the
 * person's own link or the operator's screen: one schema for all three
 * (app/lib/participants.ts), written under the booking's lock, with the
 * waiver accepted in the same write when the form's waiver fields are filled.
 */
import { and, eq } from "drizzle-orm";
import { sydneyDate } from "../../../app/lib/dates.ts";
import { needsClearance, sameAnswers } from "../../../app/lib/medical.ts";
import {
  participantSchema,
  type WaiverAcceptanceInput,
  waiverAcceptanceSchema,
  waiverSigner,
} from "../../../app/lib/participants.ts";
import type { DB } from "../../db/client.server.ts";
import {
  type BookingRow,
  medicalClearanceEvents,
  type ParticipantRow,
  participants,
} from "../../db/schema.ts";
import { badRequest, conflict, HttpError, notFound } from "../../errors.server.ts";
import { validateBody } from "../../security/text.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { revokeParticipantLinks } from "../bookings/booking-links.server.ts";
import { followParticipantSizes } from "../bookings/extras.server.ts";
import { positionCategory } from "../bookings/price-categories.server.ts";
import { PARTICIPANT_REDACTED, participantFields } from "./participant-audit.ts";
import { loadBooking } from "./participants.server.ts";
import { currentWaiver } from "./waivers.server.ts";

/**
 * Whether a booking's participants may change: not once it is cancelled
 * (nobody is going) or completed (the record of who went), and not before it
 * is paid (the group may still change).
 */
function assertEditable(booking: BookingRow): void {
  if (booking.bookingStatus === "cancelled")
    throw conflict("This booking is cancelled: its participants can no longer be changed.");
  if (booking.bookingStatus === "completed")
    throw conflict("This booking is completed: its participants can no longer be changed.");
  if (booking.bookingStatus !== "confirmed")
    throw conflict("This booking is not paid yet: participants are added once it is confirmed.");
}

function checkPosition(booking: BookingRow, position: number): void {
  if (!Number.isInteger(position) || position < 1 || position > booking.groupSize) {
    const message =
      booking.groupSize === 1 ? "Must be 1 for a group of one" : `Must be from 1 to ${booking.groupSize}`;
    throw badRequest(`position: ${message}`, { position: message });
  }
}

export interface SaveParticipantOptions {
  /** The form's waiver fields (customer only); omitted or with no name typed: no acceptance. */
  waiver?: unknown;
  /** Where the waiver was accepted from: the client address in clear, kept as evidence with the acceptance. */
  clientAddress?: string | null;
  /**
   * Saved from this participant's own link (their id): the row must still be
   * theirs, and their email stays as the group gave it (the link was sent to
   * it; changing it would switch the link off).
   */
  ownLinkOf?: string;
}

/**
 * Saves one participant of a booking (created on first save). Every field
 * is replaced by the body's; the medical answers only when the body carries
 * them. New answers with any "yes" need a doctor's clearance, and a
 * clearance recorded for earlier answers no longer counts; the same answers
 * saved again change nothing. A new certification number needs checking
 * again. A new email switches off the participant's own links (each was
 * sent to the old address). The row is written under the booking's lock, so
 * two saves of the same person end as one of them, whole.
 */
export async function saveParticipant(
  db: DB,
  bookingId: string,
  position: number,
  body: unknown,
  at: Date,
  options: SaveParticipantOptions = {},
): Promise<ParticipantRow> {
  return db.transaction(async (tx) => {
    const { booking, adventure } = await loadBooking(tx, bookingId, true);
    assertEditable(booking);
    checkPosition(booking, position);
    const input = validateBody(
      body,
      participantSchema({
        adventure,
        tripDate: booking.selectedDate,
        today: sydneyDate(at),
        category: await positionCategory(tx, booking, position),
      }),
    );
    const acceptance = readAcceptance(options.waiver);
    const [existing] = await tx
      .select()
      .from(participants)
      .where(and(eq(participants.bookingId, bookingId), eq(participants.position, position)))
      .limit(1);
    if (options.ownLinkOf !== undefined && existing?.id !== options.ownLinkOf) {
      throw notFound("Participant not found");
    }
    const email = existing && options.ownLinkOf !== undefined ? existing.email : input.email;
    if (existing && existing.email.trim().toLowerCase() !== email.trim().toLowerCase()) {
      await revokeParticipantLinks(tx, existing.id, at);
    }

    const medical =
      input.medical_answers === undefined ||
      sameAnswers(existing?.medicalAnswers ?? null, input.medical_answers)
        ? {}
        : {
            medicalAnswers: input.medical_answers,
            medicalAnsweredAt: at,
            medicalNeedsClearance: needsClearance(input.medical_answers),
            medicalClearanceAt: null,
            medicalErasedAt: null,
          };
    const certChanged =
      !existing ||
      existing.certAgency !== input.cert_agency ||
      existing.certLevel !== input.cert_level ||
      existing.certNumber !== input.cert_number;
    const values = {
      fullName: input.full_name,
      dateOfBirth: input.date_of_birth,
      email,
      emergencyContactName: input.emergency_contact_name,
      emergencyContactPhone: input.emergency_contact_phone,
      heightCm: input.height_cm,
      weightKg: input.weight_kg,
      wetsuitSize: input.wetsuit_size,
      finSize: input.fin_size,
      certAgency: input.cert_agency,
      certLevel: input.cert_level,
      certNumber: input.cert_number,
      lastDiveDate: input.last_dive_date,
      ...(certChanged ? { certCheckedAt: null } : {}),
      ...medical,
      ...(acceptance
        ? await signWaiver(
            tx,
            { fullName: input.full_name, dateOfBirth: input.date_of_birth },
            booking.selectedDate,
            acceptance,
            at,
            options.clientAddress ?? null,
          )
        : {}),
      updatedAt: at,
    };
    const [saved] = await tx
      .insert(participants)
      .values({ bookingId, position, ...values, createdAt: at })
      .onConflictDoUpdate({ target: [participants.bookingId, participants.position], set: values })
      .returning();
    // Their gear hires take the sizes they gave, if the date's stock has them (else the save is a 409).
    await followParticipantSizes(tx, booking, position, {
      wetsuit_size: input.wetsuit_size,
      fin_size: input.fin_size,
    });
    await recordAudit(tx, {
      action: existing ? "update" : "create",
      entity: "participant",
      entityId: saved.id,
      bookingId,
      before: participantFields(existing),
      after: participantFields(saved),
      redact: PARTICIPANT_REDACTED,
    });
    // The history says why a recorded clearance stopped counting.
    if (existing?.medicalClearanceAt && "medicalAnswers" in medical) {
      await tx
        .insert(medicalClearanceEvents)
        .values({ participantId: saved.id, kind: "voided", note: "New medical answers", createdAt: at });
    }
    return saved;
  });
}

/** The waiver fields of a form, or null when no name was typed (saving details without accepting). */
function readAcceptance(raw: unknown): WaiverAcceptanceInput | null {
  if (raw === undefined || raw === null) return null;
  const typed = raw as Record<string, unknown>;
  const named = [typed.waiver_name, typed.waiver_guardian_name].some(
    (v) => typeof v === "string" && v.trim() !== "",
  );
  return named ? validateBody(raw, waiverAcceptanceSchema) : null;
}

/**
 * The acceptance columns for the version the participant read. A newer
 * version published while the form was open must be read first (409).
 */
async function signWaiver(
  tx: DB,
  participant: { fullName: string; dateOfBirth: string | null },
  tripDate: string,
  acceptance: WaiverAcceptanceInput,
  at: Date,
  clientAddress: string | null,
) {
  const waiver = await currentWaiver(tx);
  if (!waiver) throw conflict("There is no waiver to accept.");
  if (waiver.version !== acceptance.waiver_version) {
    throw new HttpError(
      409,
      "waiver_version: The waiver has changed since the page was opened; read it again",
      {
        waiver_version: "The waiver has changed since the page was opened; read it again",
      },
    );
  }
  const signer = waiverSigner(participant, tripDate, {
    name: acceptance.waiver_name,
    guardianName: acceptance.waiver_guardian_name,
  });
  if (!signer.ok) throw badRequest(`${signer.field}: ${signer.message}`, { [signer.field]: signer.message });
  return {
    waiverVersion: waiver.version,
    waiverSignedName: signer.signedName,
    waiverGuardianName: signer.guardianName,
    waiverAcceptedAt: at,
    waiverClientAddress: clientAddress,
  };
}
