import type { BlogPost, NewsItem } from '@clinica/shared';
import { imageFields } from '../media/index.js';
import type { NewsRepository } from './news.repository.js';

type NewsRow = Awaited<ReturnType<NewsRepository['listNews']>>[number];
type BlogRow = Awaited<ReturnType<NewsRepository['listBlog']>>[number];

// The wire shapes of the public lists (decision 0037: the route maps, the service returns rows).
export const toNewsItem = (r: NewsRow): NewsItem => ({
  id: r.id,
  titulo: r.titulo,
  descripcion: r.descripcion,
  ...imageFields(r),
  fecha: r.created_at.toISOString(),
});

export const toBlogPost = (r: BlogRow): BlogPost => ({
  id: r.id,
  titulo: r.titulo,
  contenido: r.contenido,
  ...imageFields(r),
  fecha_creacion: r.fecha_creacion.toISOString(),
});
