import { useMutation } from '@tanstack/react-query';
import { CHAT_IMAGE_FIELD, resultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation, useChatTarget } from '../hooks/use-chat-target.js';

/** POST /api/chat/images: one image per call, multipart field `image`. */
export async function uploadChatImage(file: File, consulta?: string) {
  const form = new FormData();
  form.append(CHAT_IMAGE_FIELD, file, file.name);
  return resultSchema.parse(await api.post<unknown>(forConsultation('/api/chat/images', consulta), form));
}

export const useUploadChatImage = () => {
  const consulta = useChatTarget();
  return useMutation({ mutationFn: (file: File) => uploadChatImage(file, consulta) });
};
