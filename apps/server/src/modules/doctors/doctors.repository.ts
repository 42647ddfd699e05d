import { and, asc, eq } from 'drizzle-orm';
import type { Service } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { staff } from '../../db/schema.js';

/** SQL of the doctor lists (doctors are staff accounts with the role 'doctor' and one servicio). */
export function doctorsRepository(db: Db) {
  return {
    async byService(servicio: Service) {
      return db
        .select({ id: staff.id, correo: staff.correo, nombre: staff.nombre, apellido: staff.apellido })
        .from(staff)
        .where(and(eq(staff.role, 'doctor'), eq(staff.servicio, servicio)))
        .orderBy(asc(staff.apellido), asc(staff.nombre));
    },

    /** The doctor with this id, if it is a doctor of this service. */
    async findInService(id: string, servicio: Service) {
      const [row] = await db
        .select({ id: staff.id, correo: staff.correo, nombre: staff.nombre, apellido: staff.apellido })
        .from(staff)
        .where(and(eq(staff.id, id), eq(staff.role, 'doctor'), eq(staff.servicio, servicio)));
      return row;
    },
  };
}
export type DoctorsRepository = ReturnType<typeof doctorsRepository>;
