import { SERVICE_PRICE_CENTS } from '@clinica/shared';
import { formatPrice } from '../site-content.js';
import { ServicePage, type ServiceItem } from './service-page.js';

const SERVICES: readonly ServiceItem[] = [
  { name: 'Consultas generales', text: 'evaluamos sus síntomas y molestias de salud y le indicamos el tratamiento adecuado.' },
  { name: 'Chequeos de rutina', text: 'controles periódicos para prevenir enfermedades y detectarlas a tiempo.' },
  {
    name: 'Diagnóstico y tratamiento de enfermedades comunes',
    text: 'infecciones respiratorias, gastrointestinales y urinarias, presión alta, alergias y otras afecciones frecuentes.',
  },
  { name: 'Referencias a especialistas', text: 'cuando su caso lo requiere, le referimos al especialista indicado con su información clínica.' },
  { name: 'Vacunación', text: 'aplicación de vacunas en la clínica según su edad y su esquema de vacunación.' },
];

const REASONS: readonly ServiceItem[] = [
  { name: 'Atención de calidad centrada en el paciente', text: 'le escuchamos y decidimos el tratamiento con usted.' },
  { name: 'Diagnósticos precisos', text: 'basados en una evaluación completa y en su historia clínica.' },
  { name: 'Ambiente amigable y seguro', text: 'instalaciones cómodas y una plataforma en línea que protege sus datos.' },
];

/** /medicina-general (patient-and-public.md, General medicine page). */
export function MedicinaGeneralPage() {
  return (
    <ServicePage
      id="medicina-general"
      title="Medicina General"
      intro={
        <p>
          Nuestros médicos generales atienden a toda la familia: prevención, diagnóstico y tratamiento de los problemas de
          salud más frecuentes, en la clínica o por consulta virtual.
        </p>
      }
      services={SERVICES}
      reasonsTitle="¿Por qué elegirnos?"
      reasons={REASONS}
      price={formatPrice(SERVICE_PRICE_CENTS.consulta_general)}
    />
  );
}
