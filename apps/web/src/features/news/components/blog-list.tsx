import type { BlogPost } from '@clinica/shared';
import { useLanguage } from '../../../lib/i18n.js';
import { formatDate } from '@clinica/shared';

/** The blog list of /noticias: title, date of creation, picture and text of each post. */
export function BlogList({ posts }: { posts: BlogPost[] }) {
  const language = useLanguage();
  return (
    <ol className="blog-list">
      {posts.map((post) => (
        <li key={post.id}>
          <article className="blog-post" aria-labelledby={`blog-${post.id}`}>
            <h3 id={`blog-${post.id}`}>{post.titulo}</h3>
            <p className="news-date">
              <time dateTime={post.fecha_creacion}>{formatDate(post.fecha_creacion, language)}</time>
            </p>
            <img
              className="blog-image"
              src={post.imagen_url}
              srcSet={`${post.imagen_url} 1x, ${post.imagen_url_2x} 2x`}
              width={post.imagen_ancho}
              height={post.imagen_alto}
              alt=""
              loading="lazy"
              decoding="async"
            />
            <p className="blog-content">{post.contenido}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
