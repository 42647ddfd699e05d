import { eq } from 'drizzle-orm';
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
        })
        .from(patients)
        .leftJoin(patientChannels, eq(patientChannels.patient_id, patients.id))
        .where(eq(patients.id, patientId));
      return row;
    },

    /** Records the consent with its time and the text's version; true when it was not already given. */
    async consent(patientId: string, version: string, at: Date) {
      const [before] = await db.select().from(patientChannels).where(eq(patientChannels.patient_id, patientId));
      await db
        .insert(patientChannels)
        .values({ patient_id: patientId, whatsapp_consent_at: at, whatsapp_consent_version: version, updated_at: at })
        .onConflictDoUpdate({
          target: patientChannels.patient_id,
          // A repeated opt-in keeps the first consent's time and version.
          set: { whatsapp_consent_at: before?.whatsapp_consent_at ?? at, whatsapp_consent_version: before?.whatsapp_consent_at ? before.whatsapp_consent_version : version, updated_at: at },
        });
      return !before?.whatsapp_consent_at;
    },

    /** Withdraws the consent; true when there was one. */
    async revoke(patientId: string, at: Date) {
      const rows = await db
        .update(patientChannels)
        .set({ whatsapp_consent_at: null, whatsapp_consent_version: null, whatsapp_revoked_at: at, updated_at: at })
        .where(eq(patientChannels.patient_id, patientId))
        .returning({ before: patientChannels.patient_id });
      return rows.length === 1;
    },
  };
}
export type NotificationChannelsRepository = ReturnType<typeof notificationChannelsRepository>;
