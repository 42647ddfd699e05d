import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../site.css';

export interface ServiceItem {
  name: string;
  text: string;
}

interface ServicePageProps {
  id: string;
  title: string;
  intro: ReactNode;
  services: readonly ServiceItem[];
  reasonsTitle: string;
  reasons: readonly ServiceItem[];
  price: string;
  children?: ReactNode;
}

/** Layout shared by the discipline pages: intro, services, reasons, price and the two ways to book. */
export function ServicePage({ id, title, intro, services, reasonsTitle, reasons, price, children }: ServicePageProps) {
  return (
    <article className="site-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      <div className="site-lead">{intro}</div>

      <section className="site-block" aria-labelledby={`${id}-services`}>
        <h2 id={`${id}-services`}>Nuestros servicios</h2>
        <ul className="site-list">
          {services.map((s) => (
            <li key={s.name}>
              <strong>{s.name}</strong>: {s.text}
            </li>
          ))}
        </ul>
      </section>

      <section className="site-block" aria-labelledby={`${id}-reasons`}>
        <h2 id={`${id}-reasons`}>{reasonsTitle}</h2>
        <ul className="site-list site-list--check">
          {reasons.map((r) => (
            <li key={r.name}>
              <strong>{r.name}</strong>: {r.text}
            </li>
          ))}
        </ul>
      </section>

      {children}

      <section className="site-block site-cta" aria-labelledby={`${id}-book`}>
        <h2 id={`${id}-book`}>Pida su consulta</h2>
        <p>
          Precio: <strong>{price} por hora</strong>, en la clínica o en línea.
        </p>
        <div className="site-actions">
          <Link className="site-button" to="/citas">
            Consulta Presencial
          </Link>
          <Link className="site-button site-button--outline" to="/consultas-virtuales">
            Consulta Virtual
          </Link>
        </div>
        <p className="site-note">Para pedir una consulta necesita iniciar sesión con su cuenta de paciente.</p>
      </section>
    </article>
  );
}
