import { Link } from 'react-router';

/** The footer of public and patient pages (the layout decides when it shows). */
export function Footer({ clinicName }: { clinicName: string }) {
  return (
    <footer className="site-footer">
      <nav aria-label="Enlaces del pie de página">
        <ul>
          <li>
            <Link to="/Sugerencias">Sugerencias</Link>
          </li>
          <li>
            <Link to="/preguntas-frecuentes">FAQ</Link>
          </li>
          <li>
            <Link to="/confidencialidad">Acuerdo de confidencialidad</Link>
          </li>
          <li>
            <a href="https://www.minsa.gob.pa/" target="_blank" rel="noopener noreferrer">
              Ministerio de Salud de Panamá<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
          </li>
        </ul>
      </nav>
      <p className="footer-copy">
        © {new Date().getFullYear()} {clinicName}. Panamá.
      </p>
    </footer>
  );
}
