import { isDoctorProfileComplete, messages, type DoctorProfile, type DoctorProfileData } from '@clinica/shared';
import { AppError, notFound } from '../../infra/http/errors.js';
import type { DoctorProfileRepository } from './doctor-profile.repository.js';

type Row = NonNullable<Awaited<ReturnType<DoctorProfileRepository['find']>>>;

/** The profile as the pages and the documents see it. */
export function profileOf(row: Row): DoctorProfile {
  const p = {
    nombreCompleto: row.perfil_nombre ?? '',
    sexo: row.perfil_sexo ?? '',
    especialidad: row.perfil_especialidad ?? '',
    regNumber: row.perfil_registro ?? '',
    doctorCode: row.perfil_codigo,
  };
  return {
    id: row.id,
    nombre: row.nombre,
    apellido: row.apellido,
    ...p,
    completo: isDoctorProfileComplete(p),
    hasSignature: row.signature_file_id !== null,
  };
}

/**
 * Rules of the doctors' profiles: a doctor edits their own, an administrator any doctor's (the
 * routes audit both). Only the server's copy is ever printed on a document.
 */
export function doctorProfileService(repo: DoctorProfileRepository) {
  return {
    async get(staffId: string) {
      const row = await repo.find(staffId);
      if (!row) throw notFound();
      return profileOf(row);
    },

    async save(staffId: string, data: DoctorProfileData) {
      if (!(await repo.save(staffId, data))) throw notFound();
      return this.get(staffId);
    },

    /**
     * What a document needs of its doctor: an approved account, a complete profile and a saved
     * signature; otherwise a clear Spanish refusal (400, on the field the form shows it at).
     */
    async forIssuing(staffId: string) {
      const row = await repo.find(staffId);
      if (!row || row.estado !== 'activo') throw new AppError(403, messages.doctorNotApproved);
      const profile = profileOf(row);
      if (!profile.completo) throw new AppError(400, messages.doctorProfileIncomplete, { doctorProfile: messages.doctorProfileIncomplete });
      if (!row.signature_file_id) throw new AppError(400, messages.documentProfileRequired, { doctorSignature: messages.documentProfileRequired });
      return { ...profile, signatureFileId: row.signature_file_id };
    },
  };
}
export type DoctorProfileService = ReturnType<typeof doctorProfileService>;
