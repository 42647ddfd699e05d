import { CHAT_ROLES, chatMessageSchema, videoServerFrameSchema } from '@clinica/shared';
import { z } from 'zod';

/** The pub/sub channel of one consultation's chat (one per consultation, on every instance). */
export const chatChannel = (consultationId: string) => `chat:${consultationId}`;

/**
 * What the chat publishes on its channel: the server frames every socket of the consultation
 * forwards, on this instance or another (Redis). One schema, written by `encodePublished` (the
 * service) and read by `decodePublished` (the socket): the reader parses, never matches strings.
 * Only the frames that go to every member are here; `history`, `ack` and `error` go to one socket.
 */
export const publishedFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({
    type: z.literal('time'),
    segundos_restantes: z.number().int().min(0),
    ends_at: z.string(),
    tiempo_cerrado: z.boolean(),
  }),
  z.object({ type: z.literal('closed'), message: z.string() }),
  /**
   * A video call's signalling frame (decision 0053) for the sockets of one role (`to`: the other
   * member of the sender) or both (`both`: the server's hang-up at the hour's end). Never stored.
   */
  z.object({ type: z.literal('signal'), to: z.enum([...CHAT_ROLES, 'both']), frame: videoServerFrameSchema }),
]);
export type PublishedFrame = z.infer<typeof publishedFrameSchema>;

export const encodePublished = (frame: PublishedFrame) => JSON.stringify(publishedFrameSchema.parse(frame));

/**
 * A payload read from the channel, or `undefined` when it is not one of ours (not JSON, an unknown
 * type, a missing field: another version's format or anything else on the channel). The caller
 * drops it: a bad payload never reaches a browser and never closes a socket.
 */
export function decodePublished(payload: string): PublishedFrame | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = publishedFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
