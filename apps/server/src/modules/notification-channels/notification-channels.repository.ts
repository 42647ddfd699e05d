import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patientChannels, patients } from '../../db/schema.js';

/** SQL of a patient's notice channels (decision 0059). */
export function notificationChannelsRepository(db: Db) {
  return {
    /** The patient's address, profile mobile and WhatsApp consent (none when they never chose). */
    async of(patientId: string) {
      const [row] = await db
        .select({
          correo: patients.correo,
          country_code: patients.country_code,
          celular: patients.celular,
          consent_at: patientChannels.whatsapp_consent_at,
          version: patientChannels.whatsapp_consent_version,
          consented_numero: patientChannels.whatsapp_numero,
        })
        .from(patients)
        .leftJoin(patientChannels, eq(patientChannels.patient_id, patients.id))
        .where(eq(patients.id, patientId));
      return row;
    },

    /**
     * Records the consent with its time, the text's version and the number it was given for; true
     * when it was not already given for that number. A repeated opt-in for the same number keeps the
     * first consent's time and version; one for a new number is a new consent.
     */
    async consent(patientId: string, version: string, numero: string, at: Date) {
      const [before] = await db.select().from(patientChannels).where(eq(patientChannels.patient_id, patientId));
      const same = Boolean(before?.whatsapp_consent_at) && before?.whatsapp_numero === numero;
      const values = same
        ? { whatsapp_consent_at: before.whatsapp_consent_at, whatsapp_consent_version: before.whatsapp_consent_version, whatsapp_numero: numero, updated_at: at }
        : { whatsapp_consent_at: at, whatsapp_consent_version: version, whatsapp_numero: numero, updated_at: at };
      await db
        .insert(patientChannels)
        .values({ patient_id: patientId, ...values })
        .onConflictDoUpdate({ target: patientChannels.patient_id, set: values });
      return !same;
    },

    /** Withdraws the consent; true when there was one. */
    async revoke(patientId: string, at: Date) {
      const rows = await db
        .update(patientChannels)
        .set({ whatsapp_consent_at: null, whatsapp_consent_version: null, whatsapp_numero: null, whatsapp_revoked_at: at, updated_at: at })
        // Only a consent in force: a repeated withdrawal must not move the recorded time.
        .where(and(eq(patientChannels.patient_id, patientId), isNotNull(patientChannels.whatsapp_consent_at)))
        .returning({ before: patientChannels.patient_id });
      return rows.length === 1;
    },
  };
}
export type NotificationChannelsRepository = ReturnType<typeof notificationChannelsRepository>;
