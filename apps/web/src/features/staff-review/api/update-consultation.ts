import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type ConsultationClassificationInput, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_CONSULTATIONS_KEY } from './get-admin-consultations.js';

/** POST /api/admin/consultations/update (actualizar_consulta.php): consulta_id, correo, tipo_consulta, estado_consulta. */
export async function updateConsultation(body: ConsultationClassificationInput): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/admin/consultations/update', body));
}

export const useUpdateConsultation = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateConsultation, onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_CONSULTATIONS_KEY }) });
};
