import { useMutation } from '@tanstack/react-query';
import { CHAT_IMAGE_FIELD, resultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/chat/images: one image per call, multipart field `image`. */
export async function uploadChatImage(file: File) {
  const form = new FormData();
  form.append(CHAT_IMAGE_FIELD, file, file.name);
  return resultSchema.parse(await api.post<unknown>('/api/chat/images', form));
}

export const useUploadChatImage = () => useMutation({ mutationFn: uploadChatImage });
