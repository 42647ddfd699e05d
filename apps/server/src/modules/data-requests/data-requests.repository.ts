import { blindIndex } from '../../db/field-crypto.js';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { messages } from '@clinica/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  appointments,
  consultations,
  dataRequests,
  documents,
  files,
  passwordResetTokens,
  patients,
  payments,
  staff,
  suggestions,
} from '../../db/schema.js';
import { afterCursor, cursorText, type Keyset } from '../../infra/http/keyset.js';
import { foldedPrefix } from '../../infra/http/name-search.js';

export type DataRequestRow = typeof dataRequests.$inferSelect;
export type PatientRow = typeof patients.$inferSelect;
export type ProfileUpdate = Partial<Pick<PatientRow, 'nombre' | 'apellido' | 'cedula' | 'edad' | 'genero' | 'nacionalidad' | 'direccion' | 'country_code' | 'celular'>>;

const resolver = alias(staff, 'resolver');

/** SQL of the Ley 81 correction and closing requests, and of closing an account. */
export function dataRequestsRepository(db: Db) {
  return {
    async patient(patientId: string) {
      const [row] = await db.select().from(patients).where(eq(patients.id, patientId));
      return row;
    },

    /** Inserts a pending request; the partial unique index refuses a second pending one of the kind (23505). */
    async insert(row: { patient_id: string; tipo: 'correccion' | 'cierre'; cambios: Record<string, string | number> | null; motivo: string | null; at: Date }) {
      const [created] = await db
        .insert(dataRequests)
        .values({ patient_id: row.patient_id, tipo: row.tipo, cambios: row.cambios, motivo: row.motivo, created_at: row.at })
        .returning();
      return created!;
    },

    async hasPending(patientId: string, tipo: 'correccion' | 'cierre') {
      const [row] = await db
        .select({ id: dataRequests.id })
        .from(dataRequests)
        .where(and(eq(dataRequests.patient_id, patientId), eq(dataRequests.tipo, tipo), eq(dataRequests.estado, 'pendiente')));
      return row !== undefined;
    },

    async ofPatient(patientId: string) {
      return db
        .select()
        .from(dataRequests)
        .where(eq(dataRequests.patient_id, patientId))
        .orderBy(desc(dataRequests.created_at), desc(dataRequests.id))
        .limit(50);
    },

    /** The administrators' list, newest first, one keyset page (`limit` rows; ask one more to know of a next page). */
    async list(q: { resolved: boolean; nombre?: string | undefined; after?: Keyset | undefined; limit: number }) {
      const state = and(
        q.resolved ? inArray(dataRequests.estado, ['aceptada', 'rechazada']) : eq(dataRequests.estado, 'pendiente'),
        // The staff lists' one search: the patient's first name, folded, from its start (decision 0047).
        q.nombre ? foldedPrefix(patients.nombre, q.nombre) : undefined,
      );
      return db
        .select({ request: dataRequests, patient: patients, resolver_correo: resolver.correo, cursor_at: cursorText(dataRequests.created_at), id: dataRequests.id })
        .from(dataRequests)
        .innerJoin(patients, eq(patients.id, dataRequests.patient_id))
        .leftJoin(resolver, eq(resolver.id, dataRequests.resuelta_por))
        .where(q.after ? and(state, afterCursor(dataRequests.created_at, dataRequests.id, q.after)) : state)
        .orderBy(desc(dataRequests.created_at), desc(dataRequests.id))
        .limit(q.limit);
    },

    async find(id: string) {
      const [row] = await db.select().from(dataRequests).where(eq(dataRequests.id, id));
      return row;
    },

    /**
     * What keeps an account from closing now: an open consultation whose payment is not refused
     * (paid or under review), a payment under review, or an appointment not cancelled that has not started.
     */
    async closingBlockers(patientId: string, now: Date, tx: Db | Tx = db) {
      const res = await tx.execute(sql`
        select
          (select count(*)::int from ${consultations} c join ${payments} p on p.id = c.payment_id
            where c.patient_id = ${patientId} and c.estado_consulta = 1 and p.estado <> 'rechazado') as consultas,
          (select count(*)::int from ${payments} where patient_id = ${patientId} and estado = 'pendiente') as pagos,
          (select count(*)::int from ${appointments} where patient_id = ${patientId} and estado <> 'cancelada' and inicio > ${now.toISOString()}::timestamptz) as citas
      `);
      const [row] = (res as { rows: { consultas: number; pagos: number; citas: number }[] }).rows;
      return row ? row.consultas + row.pagos + row.citas : 0;
    },

    /**
     * Marks a pending request handled and runs `then` in the same transaction; null when it was no
     * longer pending (another administrator was first), and then nothing is written.
     */
    async resolve<T>(
      id: string,
      outcome: { estado: 'aceptada' | 'rechazada'; respuesta: string | null; staffId: string; at: Date },
      then: (tx: Tx, request: DataRequestRow) => Promise<T>,
    ): Promise<{ request: DataRequestRow; result: T } | null> {
      return db.transaction(async (tx) => {
        const [request] = await tx
          .update(dataRequests)
          .set({ estado: outcome.estado, respuesta: outcome.respuesta, resuelta_por: outcome.staffId, resuelta_at: outcome.at })
          .where(and(eq(dataRequests.id, id), eq(dataRequests.estado, 'pendiente')))
          .returning();
        if (!request) return null;
        return { request, result: await then(tx, request) };
      });
    },

    async updateProfile(tx: Tx, patientId: string, values: ProfileUpdate) {
      // A corrected cédula gets its blind index anew (the exact-match lookups use it, decision 0030).
      const index = values.cedula === undefined ? {} : { cedula_hmac: blindIndex(values.cedula) };
      await tx.update(patients).set({ ...values, ...index }).where(eq(patients.id, patientId));
    },

    /**
     * Closes an account inside the handling transaction: the identity is replaced, the sign-in
     * made unusable, the address freed, the ID image's row removed (its bytes are deleted by the
     * caller after commit), suggestions and reset links deleted, the other pending requests
     * refused and every correction's values and reason emptied. The clinical records stay, pointing
     * at this row (now marked `cerrada_at`); documents sent to the old address follow the new one.
     */
    async closeAccount(
      tx: Tx,
      patientId: string,
      closed: { correo: string; passwordHash: string; apellido: string; at: Date; nombre: string; staffId: string },
    ) {
      const [before] = await tx.select().from(patients).where(eq(patients.id, patientId)).for('update');
      if (!before) return null;
      await tx
        .update(patients)
        .set({
          nombre: closed.nombre,
          apellido: closed.apellido,
          cedula: '',
          // The old cédula must not find the closed account any more.
          cedula_hmac: null,
          correo: closed.correo,
          password_hash: closed.passwordHash,
          direccion: '',
          celular: '',
          image_cedula_file_id: null,
          cerrada_at: closed.at,
        })
        .where(eq(patients.id, patientId));
      await tx
        .update(documents)
        .set({ correo_paciente: closed.correo })
        .where(or(eq(documents.patient_id, patientId), eq(documents.correo_paciente, before.correo)));
      if (before.image_cedula_file_id) await tx.delete(files).where(eq(files.id, before.image_cedula_file_id));
      await tx.delete(suggestions).where(eq(suggestions.patient_id, patientId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.patient_id, patientId));
      await tx
        .update(dataRequests)
        .set({ estado: 'rechazada', respuesta: messages.dataRequestClosedWithAccount, resuelta_por: closed.staffId, resuelta_at: closed.at })
        .where(and(eq(dataRequests.patient_id, patientId), eq(dataRequests.estado, 'pendiente')));
      await tx
        .update(dataRequests)
        .set({
          cambios: sql`case when ${dataRequests.tipo} = 'correccion' then '{}'::jsonb else null end`,
          // A correction's reason may repeat personal details; the closing's own reason stays with its request.
          motivo: sql`case when ${dataRequests.tipo} = 'correccion' then null else ${dataRequests.motivo} end`,
        })
        .where(eq(dataRequests.patient_id, patientId));
      return before;
    },
  };
}
export type DataRequestsRepository = ReturnType<typeof dataRequestsRepository>;
