import { messages, type NotificationChannels, type WhatsappChoice } from '@clinica/shared';
import { AppError, notFound } from '../../infra/http/errors.js';
import { whatsappNumber } from '../mail/index.js';
import type { NotificationChannelsRepository } from './notification-channels.repository.js';

/**
 * A patient's notice channels (issue 27, item 4, decision 0059): e-mail always, WhatsApp only by
 * an explicit, versioned consent that can be withdrawn at any time. The mail worker reads the
 * consent again when it sends, so a withdrawal stops the notices already queued too.
 */
export function notificationChannelsService(deps: { repo: NotificationChannelsRepository; whatsappEnabled: boolean; now: () => number }) {
  const { repo } = deps;

  async function state(patientId: string): Promise<NotificationChannels> {
    const row = await repo.of(patientId);
    if (!row) throw notFound();
    const numero = whatsappNumber(row.country_code, row.celular);
    // A consent counts for the number it was given for: after the mobile changed, WhatsApp is off
    // until the patient opts in again for the new one.
    const active = Boolean(row.consent_at) && row.consented_numero === numero;
    return {
      correo: row.correo,
      whatsapp: {
        disponible: deps.whatsappEnabled,
        activo: active,
        numero,
        consentido_at: active ? (row.consent_at?.toISOString() ?? null) : null,
        version: active ? row.version : null,
      },
    };
  }

  return {
    state,

    /** Turns WhatsApp on or off; `changed` says whether the consent was given or withdrawn by this call (for the audit). */
    async choose(patientId: string, choice: WhatsappChoice) {
      const at = new Date(deps.now());
      if (!choice.whatsapp) {
        const changed = await repo.revoke(patientId, at);
        return { changed, message: messages.whatsappRevoked, canales: await state(patientId) };
      }
      if (!deps.whatsappEnabled) throw new AppError(409, messages.whatsappUnavailable);
      const before = await state(patientId);
      // No consent to a number we could not write to: the profile's mobile must be a valid one first.
      if (!before.whatsapp.numero) throw new AppError(422, messages.whatsappNumberInvalid, { whatsapp: messages.whatsappNumberInvalid });
      // The schema accepted only the current version of the text.
      const changed = await repo.consent(patientId, choice.consentimiento_version!, before.whatsapp.numero, at);
      return { changed, message: messages.whatsappOptedIn, canales: await state(patientId) };
    },
  };
}
export type NotificationChannelsService = ReturnType<typeof notificationChannelsService>;
