import { useMutation } from '@tanstack/react-query';
import { linkCandidateListSchema, type LinkCandidate } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/admin/documents/unlinked/:id/candidates?cedula=: the accounts holding the checked cédula. */
export async function getLinkCandidates({ id, cedula }: { id: string; cedula: string }): Promise<LinkCandidate[]> {
  return linkCandidateListSchema.parse(
    await api.get<unknown>(`/api/admin/documents/unlinked/${encodeURIComponent(id)}/candidates?cedula=${encodeURIComponent(cedula)}`),
  );
}

/** Asked when the administrator submits the cédula they checked. */
export const useLinkCandidates = () => useMutation({ mutationFn: getLinkCandidates });
