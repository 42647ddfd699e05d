import { Link } from 'react-router';
import { messages } from '@clinica/shared';
import { useSiteConfig } from '../api/get-site-config.js';
import { ClinicHours } from './clinic-hours.js';
import { PriceTable } from './price-table.js';
import { VideoEmbed } from './video-embed.js';
import '../site.css';

const SERVICE_CARDS = [
  {
    to: '/consultas-virtuales',
    title: 'Consultas Virtuales',
    text: 'Hable por chat con un médico desde donde esté, el mismo día y sin filas.',
  },
  {
    to: '/medicina-general',
    title: 'Medicina General',
    text: 'Consultas generales, chequeos de rutina, vacunación y referencias a especialistas.',
  },
  {
    to: '/psicologia',
    title: 'Psicología',
    text: 'Terapia individual, de pareja y familiar, evaluaciones psicológicas y consejería en crisis.',
  },
  {
    to: '/consultas-virtuales',
    title: 'Otros Servicios',
    text: 'Medicina interna y seguimiento de enfermedades crónicas, también en consulta virtual.',
  },
] as const;

const SPONSOR_SLOTS = [1, 2, 3] as const;

function Videos() {
  const config = useSiteConfig();
  if (config.isPending) return <p className="site-note">{messages.loading}</p>;
  if (config.isError) return <p className="site-note">{messages.videosUnavailable}</p>;
  const urls = config.data.videoUrls;
  return (
    <>
      {urls.map((url, i) => (
        <VideoEmbed
          key={url}
          url={url}
          title={`Video ${i + 1} de ${config.data.clinicName}`}
          position={`${i + 1} de ${urls.length}`}
        />
      ))}
      <p className="site-note">Cada video se carga solo cuando usted pulsa «Ver video».</p>
    </>
  );
}

/** The home page: videos, welcome and services, sponsors (patient-and-public.md, Home page). */
export function HomePage() {
  return (
    <div className="site-home">
      <section className="site-home-main" aria-labelledby="home-title">
        <h1 id="home-title">Bienvenidos a Nuestra Clínica</h1>
        <p className="site-lead">
          Cuidamos su salud en medicina general, psicología y medicina interna, en nuestras instalaciones en Panamá o
          por consulta virtual desde cualquier lugar. Regístrese, elija el servicio y el médico, pague en línea y reciba
          atención profesional con la confidencialidad que merece.
        </p>

        <h2 className="site-visually-hidden">Nuestros servicios</h2>
        <ul className="site-cards">
          {SERVICE_CARDS.map((card) => (
            <li key={card.title} className="site-card">
              <h3>
                <Link to={card.to}>{card.title}</Link>
              </h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>

        <section className="site-block" aria-labelledby="home-prices">
          <h2 id="home-prices">Precios y horarios</h2>
          <div className="site-two">
            <PriceTable />
            <ClinicHours />
          </div>
        </section>

        <p className="site-closing">
          ¿Tiene alguna pregunta? <Link to="/preguntas-frecuentes#contacto">Contáctenos</Link> y{' '}
          <Link to="/citas">agende su cita</Link> hoy mismo: será un gusto atenderle.
        </p>
      </section>

      <aside className="site-home-videos" aria-labelledby="home-videos">
        <h2 id="home-videos">Conózcanos</h2>
        <Videos />
      </aside>

      <aside className="site-home-sponsors" aria-labelledby="home-sponsors">
        <h2 id="home-sponsors">Patrocinadores</h2>
        <ul className="site-sponsors">
          {SPONSOR_SLOTS.map((n) => (
            <li key={n}>Espacio para patrocinador</li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
