import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SERVICE_PRICE_CENTS, TIMERS } from '@clinica/shared';
import { VIRTUAL_HOURS, formatPrice, formatRange } from '../site-content.js';
import { ClinicHours } from './clinic-hours.js';
import { PriceTable } from './price-table.js';
import '../site.css';

const chatMinutes = TIMERS.chatSeconds / 60;
const idleMinutes = TIMERS.idleLogoutMs / 60_000;
const warningMinutes = TIMERS.sessionWarningSeconds / 60;

interface Question {
  id: string;
  q: string;
  a: ReactNode;
}

interface Group {
  id: string;
  title: string;
  questions: readonly Question[];
}

const GROUPS: readonly Group[] = [
  {
    id: 'consultas',
    title: 'Consultas virtuales',
    questions: [
      {
        id: 'como-funciona',
        q: '¿Cómo funciona una consulta virtual?',
        a: (
          <>
            <ol>
              <li>Cree su cuenta de paciente (con la foto de su cédula) e inicie sesión.</li>
              <li>
                Entre en <Link to="/consultas-virtuales">Consultas Virtuales</Link>, lea y acepte el acuerdo de
                consentimiento.
              </li>
              <li>
                Elija el servicio y el médico, describa sus síntomas y complete su historia (o marque «no aplica» en lo
                que no corresponda).
              </li>
              <li>Elija la forma de pago y pague la consulta.</li>
              <li>
                Cuando el pago está autorizado se abre la página de chat: conversa por escrito, en tiempo real, con el
                médico asignado. Allí también puede completar un formulario de salud (peso, talla…) y enviar imágenes,
                por ejemplo de una lesión o de un examen.
              </li>
            </ol>
            <p>Sus consultas, citas, recibos y los documentos que le emita el médico quedan en su área de paciente.</p>
          </>
        ),
      },
      {
        id: 'servicios',
        q: '¿Qué servicios ofrecen?',
        a: (
          <p>
            <Link to="/medicina-general">Medicina General</Link>, <Link to="/psicologia">Psicología</Link> y Medicina
            Interna, tanto por consulta virtual como en la clínica.
          </p>
        ),
      },
      {
        id: 'urgencias',
        q: '¿Qué casos se atienden por consulta virtual? ¿Y si es una emergencia?',
        a: (
          <>
            <p>La clínica clasifica cada consulta virtual según su urgencia:</p>
            <ul>
              <li>
                <strong>Tipo A</strong>, bajo riesgo: se atiende por chat.
              </li>
              <li>
                <strong>Tipo B</strong>, urgente: se atiende por chat.
              </li>
              <li>
                <strong>Tipo C</strong>, emergencia: no se atiende en línea. Se le indica acudir al hospital más cercano.
              </li>
            </ul>
            <p>
              Si tiene dificultad para respirar, dolor fuerte en el pecho, un sangrado abundante, pérdida del conocimiento
              o piensa hacerse daño, no espere una consulta virtual: vaya al hospital más cercano o llame al 911.
            </p>
          </>
        ),
      },
      {
        id: 'hora-de-chat',
        q: '¿Cuánto dura el chat y cómo pido una hora extra?',
        a: (
          <>
            <p>
              Cada consulta incluye {chatMinutes} minutos de chat, contados desde que se abre. En la pantalla verá el
              tiempo que queda. Al llegar a cero ya no puede enviar mensajes y aparece el «Área de Pagos», donde puede
              pagar una hora extra al mismo precio del servicio; cuando se aprueba el pago, el chat sigue{' '}
              {chatMinutes} minutos más.
            </p>
            <p>
              Si cierra el Área de Pagos sin pagar, termina el tiempo de chat de esa consulta; una consulta nueva empieza
              otra vez con una hora completa. El botón «Salir» termina el chat de la consulta.
            </p>
          </>
        ),
      },
    ],
  },
  {
    id: 'precios',
    title: 'Precios, horarios y pagos',
    questions: [
      {
        id: 'precios',
        q: '¿Cuánto cuesta una consulta y en qué moneda se paga?',
        a: (
          <>
            <PriceTable caption="Precio por hora" />
            <p>
              El monto lo calcula siempre el sistema de la clínica según el servicio; usted no tiene que escribirlo. La
              hora extra de chat cuesta lo mismo que la consulta (por ejemplo, {formatPrice(SERVICE_PRICE_CENTS.consulta_general)}{' '}
              en Medicina General).
            </p>
          </>
        ),
      },
      {
        id: 'horarios',
        q: '¿Cuál es el horario de atención?',
        a: (
          <>
            <ClinicHours />
            <p>
              Las solicitudes de consulta virtual se aceptan de {formatRange(VIRTUAL_HOURS)}, hora de Panamá; fuera de ese
              horario el sistema no las recibe.
            </p>
          </>
        ),
      },
      {
        id: 'formas-de-pago',
        q: '¿Qué formas de pago aceptan?',
        a: (
          <>
            <ul>
              <li>
                <strong>PayPal o tarjeta de débito o crédito</strong> (la tarjeta se procesa a través de PayPal). La
                clínica no ve ni guarda los datos de su tarjeta.
              </li>
              <li>
                <strong>Transferencia bancaria</strong>, solo en Panamá, a una de las cuentas que se muestran en la página
                de pago.
              </li>
              <li>
                <strong>Yappy</strong>, solo en Panamá, al número que se muestra en la página de pago.
              </li>
            </ul>
            <p>
              Con transferencia o Yappy no escriba nada en la descripción del pago y suba la foto o el PDF del
              comprobante.
            </p>
          </>
        ),
      },
      {
        id: 'aprobacion',
        q: 'Pagué por transferencia o Yappy. ¿Cuándo puedo entrar al chat?',
        a: (
          <p>
            Un administrador de la clínica revisa su comprobante. Mientras tanto la página muestra «Por favor, espere hasta
            que se autorice la página de Chat...» y comprueba la autorización cada pocos segundos; en cuanto se aprueba el
            pago, pasa sola al chat. Con PayPal o tarjeta el chat se abre en cuanto se confirma el pago.
          </p>
        ),
      },
    ],
  },
  {
    id: 'citas',
    title: 'Citas presenciales',
    questions: [
      {
        id: 'pedir-cita',
        q: '¿Cómo pido una cita en la clínica?',
        a: (
          <p>
            Con su sesión iniciada, entre en <Link to="/citas">Citas</Link>: elija el servicio, el médico, la fecha y la
            hora (solo se muestran los horarios libres; cada cita dura una hora y empieza en punto), escriba el motivo y
            elija la forma de pago. Su hora queda reservada y la verá en «Mis citas». Si paga por transferencia o Yappy,
            la clínica revisa el comprobante.
          </p>
        ),
      },
      {
        id: 'cancelar-cita',
        q: '¿Puedo cancelar o cambiar mi cita?',
        a: (
          <p>
            Avísenos cuanto antes por el formulario de <Link to="/Sugerencias">Sugerencias</Link> o en la recepción de la
            clínica. Un administrador cancela la cita y libera la hora; después puede pedir una nueva. La clínica también
            puede cancelar una cita cuyo pago no se pudo verificar.
          </p>
        ),
      },
    ],
  },
  {
    id: 'cuenta',
    title: 'Su cuenta y sus datos',
    questions: [
      {
        id: 'registro',
        q: '¿Qué necesito para registrarme?',
        a: (
          <p>
            Sus datos personales (nombre, cédula, nacionalidad, edad, dirección), un correo, un número de celular con el
            código de su país, una contraseña y una foto de su cédula, que sirve para confirmar su identidad. Debe aceptar
            los términos y condiciones.
          </p>
        ),
      },
      {
        id: 'sesion',
        q: '¿Por qué se cerró mi sesión?',
        a: (
          <p>
            Por su seguridad, la sesión se cierra tras {idleMinutes} minutos sin actividad. {warningMinutes} minutos antes
            aparece un aviso; basta con mover el ratón o pulsar una tecla para seguir.
          </p>
        ),
      },
      {
        id: 'mis-datos',
        q: '¿Dónde veo mis consultas, citas y recibos?',
        a: (
          <p>
            En su área de paciente: <Link to="/Usuarios">Mi perfil</Link>, <Link to="/Consultas">Mis consultas</Link>,{' '}
            <Link to="/Citas_usuario">Mis citas</Link> y <Link to="/Recibo_pagos">Mis recibos</Link>.
          </p>
        ),
      },
      {
        id: 'proteccion',
        q: '¿Cómo protegen mis datos?',
        a: (
          <p>
            Tratamos sus datos según la Ley 81 de 2019 de Panamá. Solo el médico asignado a su consulta o cita y los
            administradores de la clínica ven su información de salud; la foto de su cédula, sus archivos médicos y sus
            comprobantes se guardan cifrados, y su contraseña nunca se guarda legible. Los detalles y sus derechos están en
            el <Link to="/confidencialidad">aviso de privacidad y confidencialidad</Link>.
          </p>
        ),
      },
      {
        id: 'contacto',
        q: '¿Cómo me comunico con la clínica?',
        a: (
          <p>
            Con su sesión iniciada, escríbanos desde <Link to="/Sugerencias">Sugerencias</Link>: los administradores leen
            cada mensaje. También puede visitarnos en la clínica en su horario o escribirnos por nuestras redes sociales.
            Ante una emergencia, acuda al hospital más cercano o llame al 911.
          </p>
        ),
      },
    ],
  },
];

/** /preguntas-frecuentes: the clinic's frequent questions (decisions.md, pages without a target). */
export function FaqPage() {
  const { hash } = useLocation();

  // A link such as /preguntas-frecuentes#contacto opens and shows that answer.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (target instanceof HTMLDetailsElement) target.open = true;
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <article className="site-page" aria-labelledby="faq-title">
      <h1 id="faq-title">Preguntas frecuentes</h1>
      <p className="site-lead">Respuestas a lo que más nos preguntan nuestros pacientes. Pulse una pregunta para ver la respuesta.</p>
      {GROUPS.map((group) => (
        <section key={group.id} className="site-block" aria-labelledby={`faq-${group.id}`}>
          <h2 id={`faq-${group.id}`}>{group.title}</h2>
          {group.questions.map((item) => (
            <details key={item.id} id={item.id} className="site-faq">
              <summary>{item.q}</summary>
              <div className="site-faq-answer">{item.a}</div>
            </details>
          ))}
        </section>
      ))}
    </article>
  );
}
