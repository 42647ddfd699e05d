import { and, asc, eq } from 'drizzle-orm';
import type { Service } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { staff } from '../../db/schema.js';

/**
 * SQL of the doctor lists (doctors are staff accounts with the role 'doctor' and one servicio).
 * Only approved, active doctors are offered to patients (issue 18).
 */
export function doctorsRepository(db: Db) {
  return {
    async byService(servicio: Service) {
      return db
        .select({ id: staff.id, nombre: staff.nombre, apellido: staff.apellido, servicio: staff.servicio })
        .from(staff)
        .where(and(eq(staff.role, 'doctor'), eq(staff.servicio, servicio), eq(staff.estado, 'activo')))
        .orderBy(asc(staff.apellido), asc(staff.nombre));
    },

    /** The doctor with this id, if it is an active doctor of this service (the booking rules' check). */
    async findInService(id: string, servicio: Service) {
      const [row] = await db
        .select({ id: staff.id, correo: staff.correo, nombre: staff.nombre, apellido: staff.apellido })
        .from(staff)
        .where(and(eq(staff.id, id), eq(staff.role, 'doctor'), eq(staff.servicio, servicio), eq(staff.estado, 'activo')));
      return row;
    },
  };
}
export type DoctorsRepository = ReturnType<typeof doctorsRepository>;
