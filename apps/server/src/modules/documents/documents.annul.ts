import { and, eq, isNull, sql } from 'drizzle-orm';
import { DOCUMENT_TITLES, messages, type DocumentType } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { documents } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../infra/http/errors.js';


/**
 * The columns every list and the verification select about a document's annulment: its number,
 * when and why it was annulled, the number of the document that replaced it and of the one it
 * replaces (docs/decisions/0041).
 */
export const annulmentColumns = {
  numero: documents.numero,
  anulado_at: documents.anulado_at,
  anulado_motivo: documents.anulado_motivo,
  reemplazado_por: sql<string | null>`(SELECT r.numero FROM documents r WHERE r.reemplaza_id = "documents"."id")`.as('reemplazado_por'),
  reemplaza_a: sql<string | null>`(SELECT r.numero FROM documents r WHERE r.id = "documents"."reemplaza_id")`.as('reemplaza_a'),
};

/** The shared fields of a list item or a verification answer about numbering and annulment. */
export const annulmentOf = (r: {
  numero: string | null;
  anulado_at: Date | null;
  anulado_motivo: string | null;
  reemplazado_por: string | null;
  reemplaza_a: string | null;
}) => ({
  numero: r.numero,
  anulado: r.anulado_at ? { fecha: new Date(r.anulado_at).toISOString(), motivo: r.anulado_motivo ?? '' } : null,
  reemplazadoPor: r.reemplazado_por,
  reemplazaA: r.reemplaza_a,
});

/** SQL and rules of annulling a document and of replacing an annulled one. */
export function documentAnnulment(db: Db, now: () => number) {
  const find = async (where: ReturnType<typeof and>) => {
    const [row] = await db
      .select({
        id: documents.id,
        tipo: documents.tipo,
        staff_id: documents.staff_id,
        patient_id: documents.patient_id,
        codigo: documents.codigo,
        numero: documents.numero,
        anulado_at: documents.anulado_at,
        reemplazado_por: annulmentColumns.reemplazado_por,
      })
      .from(documents)
      .where(where);
    return row;
  };

  return {
    /**
     * Annuls a document: by its issuing doctor (`staffId` set: anybody else's is 404) or by an
     * administrator (`staffId` null). The stored PDF is kept; the verification page and the
     * patient's list then say ANULADO with the date and reason. An annulment is final.
     */
    async annul(by: { id: string; tipo?: DocumentType } | { codigo: string }, actor: { staffId: string; asDoctor: boolean }, motivo: string) {
      const where =
        'codigo' in by
          ? eq(documents.codigo, by.codigo)
          : and(eq(documents.id, by.id), by.tipo ? eq(documents.tipo, by.tipo) : undefined, actor.asDoctor ? eq(documents.staff_id, actor.staffId) : undefined);
      const doc = await find(where);
      if (!doc) throw 'codigo' in by ? new AppError(404, messages.documentNotIssued) : notFound();
      const rows = await db
        .update(documents)
        .set({ anulado_at: new Date(now()), anulado_motivo: motivo, anulado_por: actor.staffId })
        // Only a document not annulled yet: two annulments at once cannot both win.
        .where(and(eq(documents.id, doc.id), isNull(documents.anulado_at)))
        .returning({ id: documents.id });
      if (rows.length === 0) throw badRequest(messages.documentAlreadyAnnulled);
      return { id: doc.id, patientId: doc.patient_id, numero: doc.numero, titulo: DOCUMENT_TITLES[doc.tipo] };
    },

    /**
     * Checks that `reemplazaId` names one of this doctor's annulled documents, of the same type
     * and for the same patient, not replaced yet (the unique index on `reemplaza_id` settles a race).
     */
    async checkReplaceable(reemplazaId: string, staffId: string, tipo: DocumentType, patientId: string | null) {
      const doc = await find(and(eq(documents.id, reemplazaId), eq(documents.staff_id, staffId)));
      if (!doc) throw notFound();
      if (!doc.anulado_at) throw badRequest(messages.replaceOnlyAnnulled);
      if (doc.reemplazado_por !== null) throw badRequest(messages.documentAlreadyReplaced);
      if (doc.tipo !== tipo || doc.patient_id !== patientId) throw badRequest(messages.replacementMustMatch);
      return doc;
    },
  };
}
export type DocumentAnnulment = ReturnType<typeof documentAnnulment>;
