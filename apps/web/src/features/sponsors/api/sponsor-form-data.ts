import { SPONSOR_IMAGE_FIELD } from '@clinica/shared';

/** The multipart body of the sponsor form: nombre, enlace and, when chosen, imagen. */
export function sponsorFormData(values: { nombre: string; enlace: string; imagen?: File | undefined }) {
  const body = new FormData();
  body.append('nombre', values.nombre);
  body.append('enlace', values.enlace);
  if (values.imagen) body.append(SPONSOR_IMAGE_FIELD, values.imagen);
  return body;
}
