import type { AdminDataRequest, DataRequest, MyDataRequests } from '@clinica/shared';
import type { DataRequestRow, PatientRow } from './data-requests.repository.js';
import { currentValues } from './data-requests.service.js';

// The wire shapes of the Ley 81 requests (decision 0037: the route maps, the service returns rows).

const view = (r: DataRequestRow): DataRequest => ({
  id: r.id,
  tipo: r.tipo,
  estado: r.estado,
  cambios: r.tipo === 'correccion' ? (r.cambios ?? {}) : null,
  motivo: r.motivo,
  respuesta: r.respuesta,
  created_at: r.created_at.toISOString(),
  resuelta_at: r.resuelta_at?.toISOString() ?? null,
});

/** /Usuarios: the patient's requests, the values a correction starts from, and whether closing can be asked now. */
export const toMyDataRequests = (m: { patient: PatientRow; requests: DataRequestRow[]; closingBlocked: boolean }): MyDataRequests => ({
  actuales: currentValues(m.patient),
  solicitudes: m.requests.map(view),
  cierre_bloqueado: m.closingBlocked,
});

/** The administrators' list row: the request, whose, and the values a correction would replace. */
export function toAdminDataRequest(r: { request: DataRequestRow; patient: PatientRow; resolver_correo: string | null }): AdminDataRequest {
  const current: Record<string, string | number> = currentValues(r.patient);
  const cambios = r.request.tipo === 'correccion' ? (r.request.cambios ?? {}) : null;
  return {
    ...view(r.request),
    paciente: {
      id: r.patient.id,
      nombre: r.patient.nombre,
      apellido: r.patient.apellido,
      cedula: r.patient.cedula,
      // A closed account's replacement address is nobody's: it is not shown.
      correo: r.patient.cerrada_at ? '' : r.patient.correo,
      cerrada: r.patient.cerrada_at !== null,
    },
    // Only while pending: once applied, the current values are the requested ones.
    actuales: cambios && r.request.estado === 'pendiente' && !r.patient.cerrada_at ? Object.fromEntries(Object.keys(cambios).map((k) => [k, current[k] ?? ''])) : null,
    resuelta_por: r.resolver_correo,
  };
}
