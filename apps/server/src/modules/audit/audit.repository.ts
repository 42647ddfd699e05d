import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, auditLog, consultations, documents, patients, payments, staff } from '../../db/schema.js';
import { isUuid } from '../../infra/uuid.js';

export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id'>;
export type AuditResourceType = 'consultation' | 'payment' | 'patient' | 'document' | 'suggestion' | 'audit' | 'staff' | 'appointment' | 'mail';

/** SQL of the audit trail. Only INSERT and SELECT: the table refuses anything else (trigger). */
export function auditRepository(db: Db) {
  return {
    /** One row, or a list's rows in one statement. */
    async insert(row: NewAuditRow | NewAuditRow[]) {
      await db.insert(auditLog).values(Array.isArray(row) ? row : [row]);
    },

    /** Newest first, filtered by patient and/or account, from before `beforeId` (keyset pagination). */
    async list(filter: { patientId?: string; actorId?: string; beforeId?: number; limit: number }) {
      const conditions = [];
      if (filter.patientId) conditions.push(eq(auditLog.patient_id, filter.patientId));
      if (filter.actorId) conditions.push(eq(auditLog.actor_id, filter.actorId));
      if (filter.beforeId !== undefined) conditions.push(lt(auditLog.id, filter.beforeId));
      return db
        .select({
          row: auditLog,
          paciente: sql<string | null>`CASE WHEN ${patients.id} IS NULL THEN NULL ELSE ${patients.nombre} || ' ' || ${patients.apellido} END`,
        })
        .from(auditLog)
        .leftJoin(patients, eq(patients.id, auditLog.patient_id))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(filter.limit);
    },

    /** The rows about one patient (their export shows who read or changed their data). */
    async aboutPatient(patientId: string) {
      return db
        .select({ at: auditLog.at, actor_role: auditLog.actor_role, action: auditLog.action, outcome: auditLog.outcome })
        .from(auditLog)
        .where(eq(auditLog.patient_id, patientId))
        .orderBy(desc(auditLog.id))
        .limit(5000);
    },

    async staffAccounts() {
      return db
        .select({ id: staff.id, role: staff.role, nombre: staff.nombre, apellido: staff.apellido, correo: staff.correo })
        .from(staff)
        .orderBy(staff.role, staff.nombre, staff.apellido);
    },

    /** The account behind an e-mail of a role (login rows name the account they opened). */
    async accountId(role: 'patient' | 'admin' | 'doctor', correo: string) {
      if (role === 'patient') {
        const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.correo, correo));
        return row?.id ?? null;
      }
      const [row] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.role, role), eq(staff.correo, correo)));
      return row?.id ?? null;
    },

    /** The patient accounts of these e-mail addresses (the outbox and documents name patients by e-mail). */
    async patientsByEmail(correos: readonly string[]) {
      const wanted = [...new Set(correos.map((c) => c.trim().toLowerCase()))];
      const rows = await db.select({ id: patients.id }).from(patients).where(inArray(patients.correo, wanted));
      return rows.map((r) => r.id);
    },

    /** Whose data a record is: the patient of a consultation, payment, patient row or document. */
    async patientOf(type: AuditResourceType, ref: string): Promise<string | null> {
      const uuid = isUuid(ref);
      switch (type) {
        case 'consultation': {
          const [row] = await db
            .select({ p: consultations.patient_id })
            .from(consultations)
            .where(uuid ? or(eq(consultations.id, ref), eq(consultations.token, ref)) : eq(consultations.token, ref));
          return row?.p ?? null;
        }
        case 'payment': {
          const [row] = await db
            .select({ p: payments.patient_id })
            .from(payments)
            .where(uuid ? or(eq(payments.id, ref), eq(payments.token, ref)) : eq(payments.token, ref));
          return row?.p ?? null;
        }
        case 'patient': {
          if (!uuid) return null;
          const [row] = await db.select({ p: patients.id }).from(patients).where(eq(patients.id, ref));
          return row?.p ?? null;
        }
        case 'document': {
          if (!uuid) return null;
          // The account the document is bound to (never the one its e-mail names: docs/decisions/0024).
          const [row] = await db.select({ p: documents.patient_id }).from(documents).where(eq(documents.id, ref));
          return row?.p ?? null;
        }
        case 'appointment': {
          if (!uuid) return null;
          const [row] = await db.select({ p: appointments.patient_id }).from(appointments).where(eq(appointments.id, ref));
          return row?.p ?? null;
        }
        case 'suggestion':
        case 'audit':
        case 'staff':
        case 'mail':
          return null;
      }
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
