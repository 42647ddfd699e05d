import { Link } from 'react-router';
import { SERVICE_PRICE_CENTS } from '@clinica/shared';
import { formatPrice } from '../site-content.js';
import { ServicePage, type ServiceItem } from './service-page.js';

const SERVICES: readonly ServiceItem[] = [
  { name: 'Terapia individual', text: 'un espacio para trabajar ansiedad, estrés, tristeza, duelo, autoestima y otras dificultades.' },
  { name: 'Terapia de pareja', text: 'para mejorar la comunicación, resolver conflictos y fortalecer la relación.' },
  { name: 'Terapia familiar', text: 'para acompañar a la familia en cambios, crisis y problemas de convivencia.' },
  { name: 'Evaluaciones psicológicas', text: 'valoración profesional con informe y recomendaciones.' },
  { name: 'Consejería en crisis', text: 'apoyo inmediato y orientación ante situaciones difíciles.' },
];

const REASONS: readonly ServiceItem[] = [
  { name: 'Confidencialidad', text: 'lo que usted comparte queda entre usted y su psicólogo.' },
  { name: 'Atención profesional y respetuosa', text: 'un trato cálido, sin juicios, con métodos basados en la evidencia.' },
  { name: 'Presencial o en línea', text: 'elija la sesión en la clínica o por chat, desde donde se sienta más cómodo.' },
  { name: 'Ambiente amigable y seguro', text: 'un lugar tranquilo donde puede hablar con libertad.' },
];

/** /psicologia (patient-and-public.md, Psychology page). */
export function PsicologiaPage() {
  return (
    <ServicePage
      id="psicologia"
      title="Psicología"
      intro={
        <p>
          Cuidar su salud mental es tan importante como cuidar su cuerpo. Nuestro equipo de psicología le acompaña a usted,
          a su pareja o a su familia en cada etapa, en la clínica o por consulta virtual.
        </p>
      }
      services={SERVICES}
      reasonsTitle="¿Por qué elegir nuestro servicio de psicología?"
      reasons={REASONS}
      price={formatPrice(SERVICE_PRICE_CENTS.psicologia)}
    >
      <aside className="site-alert" aria-label="Emergencias">
        <p>
          Si usted o alguien cercano está en peligro inmediato, no espere una consulta: acuda al hospital más cercano o
          llame al 911. Las emergencias no se atienden por consulta virtual (
          <Link to="/preguntas-frecuentes#urgencias">más información</Link>).
        </p>
      </aside>
    </ServicePage>
  );
}
