import { Link } from 'react-router';
import { useCurrentRoute } from './current-route.js';
import './layout/layout.css';

/**
 * What a route shows until its feature's page exists: an honest notice, and how to reach the
 * clinic meanwhile. Features replace it by adding their page to PAGES in router.tsx.
 */
export function NotAvailablePage() {
  const route = useCurrentRoute();
  const staff = route.group === 'admin' || route.group === 'doctor';
  return (
    <section className="notice-page" aria-labelledby="not-available-title">
      <h1 id="not-available-title">Esta sección aún no está disponible en línea</h1>
      <p>Estamos preparando esta parte del servicio y pronto podrá usarla desde aquí.</p>
      {staff ? (
        <p>Mientras tanto, coordine esta tarea directamente con la administración de la clínica.</p>
      ) : (
        <p>
          Mientras tanto, comuníquese con la clínica por los medios que aparecen en{' '}
          <Link to="/preguntas-frecuentes#contacto">Preguntas frecuentes: contacto</Link> y con gusto le atenderemos.
        </p>
      )}
      <p>
        <Link to={route.group === 'admin' ? '/Admin' : route.group === 'doctor' ? '/AdminDoctor' : '/'}>Volver al inicio</Link>
      </p>
    </section>
  );
}
