import { and, eq, exists, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  appointments,
  consultations,
  dataRequests,
  documents,
  emailVerificationTokens,
  files,
  patients,
  payments,
  paypalOrders,
  suggestions,
} from '../../db/schema.js';

export type VerificationTokenRow = typeof emailVerificationTokens.$inferSelect;

/** What the verification of one registration did to the other registrations of its address. */
export interface VerificationOutcome {
  /** The verified patient. */
  patientId: string;
  /** Unverified registrations of the same address that lost: their sessions must end. */
  losers: string[];
  /** Stored files (ID-card images) of the removed losers, to delete from storage after the commit. */
  removedFiles: string[];
}

/**
 * Address a losing registration keeps when it cannot be removed (it paid or holds clinical
 * records the clinic must keep): `.invalid` is reserved (RFC 2606), so nothing is ever mailed to
 * it and nobody can sign in with it, while staff still find the records by the account.
 */
export const detachedAddress = (patientId: string) => `sin-verificar+${patientId}@correo.invalid`;

/** SQL of patients' e-mail verification links. */
export function emailVerificationRepository(db: Db) {
  return {
    async patient(id: string) {
      const [row] = await db
        .select({ id: patients.id, correo: patients.correo, nombre: patients.nombre, verified_at: patients.email_verified_at })
        .from(patients)
        .where(eq(patients.id, id));
      return row;
    },

    async insertToken(t: { tokenHash: string; patientId: string; createdAt: Date; expiresAt: Date }) {
      await db.insert(emailVerificationTokens).values({
        token_hash: t.tokenHash,
        patient_id: t.patientId,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
      });
    },

    /** How many links this patient was sent since `since` (the resend throttle, shared by every instance). */
    async sentSince(patientId: string, since: Date) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailVerificationTokens)
        .where(and(eq(emailVerificationTokens.patient_id, patientId), gt(emailVerificationTokens.created_at, since)));
      return row?.n ?? 0;
    },

    async findToken(tokenHash: string) {
      const [row] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.token_hash, tokenHash));
      return row;
    },

    /**
     * In one transaction: uses the link (only if unused and unexpired), marks its patient
     * verified, and settles the address's other unverified registrations: removed with their
     * ID-card file when they did nothing else, otherwise detached from the address (decision 0023).
     * The address's rows are locked first, so of two verifications at once exactly one wins.
     * Returns null when the link could not be used (the caller says why).
     */
    async verify(tokenHash: string, now: Date): Promise<VerificationOutcome | null> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .select({ patient_id: emailVerificationTokens.patient_id, correo: patients.correo })
          .from(emailVerificationTokens)
          .innerJoin(patients, eq(patients.id, emailVerificationTokens.patient_id))
          .where(eq(emailVerificationTokens.token_hash, tokenHash));
        if (!token) return null;
        const rows = await tx
          .select({ id: patients.id, verified_at: patients.email_verified_at, file: patients.image_cedula_file_id })
          .from(patients)
          .where(eq(patients.correo, token.correo))
          .for('update');
        const mine = rows.find((r) => r.id === token.patient_id);
        // Someone else's registration of this address was verified meanwhile: this one lost.
        if (!mine || rows.some((r) => r.verified_at && r.id !== mine.id)) return null;
        const [used] = await tx
          .update(emailVerificationTokens)
          .set({ used_at: now })
          .where(
            and(
              eq(emailVerificationTokens.token_hash, tokenHash),
              isNull(emailVerificationTokens.used_at),
              gt(emailVerificationTokens.expires_at, now),
            ),
          )
          .returning({ patient_id: emailVerificationTokens.patient_id });
        if (!used) return null;
        await tx.update(patients).set({ email_verified_at: now }).where(eq(patients.id, mine.id));
        // The patient's other links are spent too.
        await tx
          .update(emailVerificationTokens)
          .set({ used_at: now })
          .where(and(eq(emailVerificationTokens.patient_id, mine.id), isNull(emailVerificationTokens.used_at)));

        const losers = rows.filter((r) => r.id !== mine.id);
        const removedFiles: string[] = [];
        if (losers.length > 0) {
          const ids = losers.map((l) => l.id);
          // A loser that paid, asked for a consultation or an appointment, holds a document or made a
          // Ley 81 request keeps its records (money, clinical records and requests the clinic must
          // keep; they also hold it by foreign key) but loses the address.
          const active = await tx
            .select({ id: patients.id })
            .from(patients)
            .where(
              and(
                inArray(patients.id, ids),
                sql`(${exists(tx.select({ x: sql`1` }).from(payments).where(eq(payments.patient_id, patients.id)))}
                  OR ${exists(tx.select({ x: sql`1` }).from(consultations).where(eq(consultations.patient_id, patients.id)))}
                  OR ${exists(tx.select({ x: sql`1` }).from(appointments).where(eq(appointments.patient_id, patients.id)))}
                  OR ${exists(tx.select({ x: sql`1` }).from(dataRequests).where(eq(dataRequests.patient_id, patients.id)))}
                  OR ${exists(tx.select({ x: sql`1` }).from(documents).where(eq(documents.patient_id, patients.id)))})`,
              ),
            );
          const activeIds = new Set(active.map((a) => a.id));
          for (const l of losers) {
            if (activeIds.has(l.id)) {
              await tx.update(patients).set({ correo: detachedAddress(l.id) }).where(eq(patients.id, l.id));
              await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.patient_id, l.id));
              continue;
            }
            // Sessions, reset and verification links and consents go with the row (ON DELETE CASCADE).
            await tx.delete(suggestions).where(eq(suggestions.patient_id, l.id));
            await tx.delete(paypalOrders).where(eq(paypalOrders.patient_id, l.id));
            await tx.delete(patients).where(and(eq(patients.id, l.id), ne(patients.id, mine.id)));
            if (l.file) {
              await tx.delete(files).where(eq(files.id, l.file));
              removedFiles.push(l.file);
            }
          }
        }
        return { patientId: mine.id, losers: losers.map((l) => l.id), removedFiles };
      });
    },

    /** Deletes links that expired before `before` (kept until then so the page can say "expired"). */
    async purgeExpired(before: Date) {
      await db.delete(emailVerificationTokens).where(lt(emailVerificationTokens.expires_at, before));
    },
  };
}
export type EmailVerificationRepository = ReturnType<typeof emailVerificationRepository>;
