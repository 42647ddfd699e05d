import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_RECEIPTS_KEY } from './get-admin-receipts.js';

/** POST /api/admin/receipts/update (actualizar_pagos.php): multipart id, revisado, optional fiscal PDF `archivo`. */
export async function updateReceipt(input: { id: string; revisado: boolean; archivo: File | null }): Promise<Result> {
  const form = new FormData();
  form.append('id', input.id);
  form.append('revisado', input.revisado ? '1' : '0');
  if (input.archivo) form.append('archivo', input.archivo, input.archivo.name);
  return resultSchema.parse(await api.post<unknown>('/api/admin/receipts/update', form));
}

export const useUpdateReceipt = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateReceipt, onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_RECEIPTS_KEY }) });
};
