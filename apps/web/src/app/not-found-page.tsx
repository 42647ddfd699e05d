import { Link } from 'react-router';
import './layout/layout.css';

/** Any address that is not a page of the site. */
export function NotFoundPage() {
  return (
    <section className="notice-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Página no encontrada</h1>
      <p>La dirección que escribió no existe o cambió.</p>
      <p>
        <Link to="/">Volver al inicio</Link>
      </p>
    </section>
  );
}
