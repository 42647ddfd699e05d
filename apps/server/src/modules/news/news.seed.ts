import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../infra/storage.js';
import { mediaService } from '../media/index.js';
import { newsRepository } from './news.repository.js';

/**
 * A picture drawn in code (no network, no files in the repository): a coloured gradient with a
 * white medical cross and a few circles, as a PNG (the blog form accepts PNG only).
 */
export async function demoPicture(from: string, to: string, width = 640, height = 400) {
  const cx = width / 2;
  const cy = height / 2;
  const arm = Math.round(Math.min(width, height) / 8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.12}" cy="${height * 0.2}" r="${arm * 1.5}" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="${width * 0.88}" cy="${height * 0.82}" r="${arm * 2}" fill="#ffffff" fill-opacity="0.1"/>
  <rect x="${cx - arm / 2}" y="${cy - arm * 1.5}" width="${arm}" height="${arm * 3}" rx="${arm / 6}" fill="#ffffff"/>
  <rect x="${cx - arm * 1.5}" y="${cy - arm / 2}" width="${arm * 3}" height="${arm}" rx="${arm / 6}" fill="#ffffff"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const DAY = 24 * 60 * 60 * 1000;

const NEWS = [
  {
    titulo: 'Consultas virtuales todos los días',
    descripcion:
      'Atendemos consultas virtuales de 8:00 a 22:00, hora de Panamá, todos los días de la semana. Solicite la suya desde la sección Consultas Virtuales.',
    colors: ['#0b3d91', '#1e88e5'],
  },
  {
    titulo: 'Jornada de vacunación contra la influenza',
    descripcion:
      'Durante este mes aplicamos la vacuna contra la influenza en nuestras instalaciones, de lunes a viernes. Traiga su cédula y su tarjeta de vacunación.',
    colors: ['#00695c', '#26a69a'],
  },
  {
    titulo: 'Nuevo servicio de Medicina Interna',
    descripcion:
      'Ya puede reservar citas presenciales y consultas virtuales de Medicina Interna para el control de enfermedades crónicas como la diabetes y la hipertensión.',
    colors: ['#6a1b9a', '#ab47bc'],
  },
] as const;

const BLOG = [
  {
    titulo: 'Cinco hábitos para cuidar su corazón',
    contenido:
      'Camine al menos 30 minutos al día, reduzca la sal y los azúcares, duerma entre siete y ocho horas, no fume y controle su presión arterial con regularidad. Pequeños cambios sostenidos hacen una gran diferencia.\n\nSi tiene antecedentes familiares de enfermedad cardiaca, consulte a su médico para un chequeo preventivo.',
    colors: ['#b71c1c', '#ef5350'],
  },
  {
    titulo: 'Cómo prepararse para su primera consulta virtual',
    contenido:
      'Busque un lugar tranquilo y con buena conexión, tenga a mano su cédula, la lista de medicamentos que toma y sus exámenes recientes. Anote sus síntomas y desde cuándo los tiene.\n\nDurante la consulta, pregunte todo lo que necesite: el médico está para ayudarle.',
    colors: ['#e65100', '#ffa726'],
  },
] as const;

/** The demo clinic's news items and blog posts (issue 2: "a few news items and blog posts"). */
export async function seedDemoPublishing(db: Db, storage: Storage, now = Date.now()) {
  const media = mediaService({ db, storage });
  const repo = newsRepository(db);
  for (const [i, item] of NEWS.entries()) {
    const bytes = await demoPicture(item.colors[0], item.colors[1]);
    await media.create({ bytes, kind: 'news', field: '_' }, (image) =>
      repo.insertNews({
        titulo: item.titulo,
        descripcion: item.descripcion,
        image_id: image.id,
        created_at: new Date(now - (NEWS.length - i) * DAY),
      }),
    );
  }
  for (const [i, post] of BLOG.entries()) {
    const bytes = await demoPicture(post.colors[0], post.colors[1]);
    await media.create({ bytes, kind: 'blog', field: '_' }, (image) =>
      repo.insertBlog({
        titulo: post.titulo,
        contenido: post.contenido,
        image_id: image.id,
        fecha_creacion: new Date(now - (BLOG.length - i) * 2 * DAY),
      }),
    );
  }
}
