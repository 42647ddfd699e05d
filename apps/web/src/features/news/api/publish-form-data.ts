import { NEWS_IMAGE_FIELD } from '@clinica/shared';

/** The multipart body of the news and blog forms: tituloNoticia, descripcionNoticia, imagenNoticia. */
export function publishFormData(values: { tituloNoticia: string; descripcionNoticia: string; imagen?: File | undefined }) {
  const body = new FormData();
  body.append('tituloNoticia', values.tituloNoticia);
  body.append('descripcionNoticia', values.descripcionNoticia);
  if (values.imagen) body.append(NEWS_IMAGE_FIELD, values.imagen);
  return body;
}
