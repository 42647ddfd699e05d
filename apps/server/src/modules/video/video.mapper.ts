import type { ConsultationCall } from '@clinica/shared';
import type { CallRow } from './video.repository.js';

/**
 * A call as the staff's consultation record shows it (decision 0053): start, end (null while under
 * way) and whole minutes. Called by the routes of the modules whose details carry `videollamadas`.
 */
export const toConsultationCall = (call: Pick<CallRow, 'started_at' | 'ended_at'>): ConsultationCall => {
  const start = call.started_at ?? call.ended_at ?? new Date(0);
  return {
    inicio: start.toISOString(),
    fin: call.ended_at?.toISOString() ?? null,
    minutos: call.ended_at ? Math.round((call.ended_at.getTime() - start.getTime()) / 60_000) : null,
  };
};
