import { and, eq, isNotNull } from 'drizzle-orm';
import type { DoctorProfileData } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { doctorDocumentProfiles, staff } from '../../db/schema.js';

/** SQL of the doctors' profiles (the identity printed on their documents, decision 0041). */
export function doctorProfileRepository(db: Db) {
  return {
    /** A doctor's account with its profile and whether a signature is saved; undefined for anyone else. */
    async find(staffId: string) {
      const [row] = await db
        .select({
          id: staff.id,
          nombre: staff.nombre,
          apellido: staff.apellido,
          estado: staff.estado,
          perfil_nombre: staff.perfil_nombre,
          perfil_sexo: staff.perfil_sexo,
          perfil_especialidad: staff.perfil_especialidad,
          perfil_registro: staff.perfil_registro,
          perfil_codigo: staff.perfil_codigo,
          signature_file_id: doctorDocumentProfiles.signature_file_id,
        })
        .from(staff)
        .leftJoin(doctorDocumentProfiles, eq(doctorDocumentProfiles.staff_id, staff.id))
        .where(and(eq(staff.id, staffId), eq(staff.role, 'doctor'), isNotNull(staff.servicio)));
      return row;
    },

    /** Saves the profile; false when the account is not a doctor's. */
    async save(staffId: string, data: DoctorProfileData) {
      const rows = await db
        .update(staff)
        .set({
          perfil_nombre: data.nombreCompleto,
          perfil_sexo: data.sexo,
          perfil_especialidad: data.especialidad,
          perfil_registro: data.regNumber,
          perfil_codigo: data.doctorCode,
        })
        .where(and(eq(staff.id, staffId), eq(staff.role, 'doctor')))
        .returning({ id: staff.id });
      return rows.length === 1;
    },
  };
}
export type DoctorProfileRepository = ReturnType<typeof doctorProfileRepository>;
