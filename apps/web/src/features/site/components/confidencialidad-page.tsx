import { Link } from 'react-router';
import { TIMERS } from '@clinica/shared';
import { useSiteConfig } from '../api/get-site-config.js';
import '../site.css';

const LAST_UPDATED = 'noviembre de 2026';
const idleMinutes = TIMERS.idleLogoutMs / 60_000;

/**
 * /confidencialidad: the privacy notice under Panama's Ley 81 de 2019 (decisions.md). It states
 * only what the product actually does with personal data.
 */
export function ConfidencialidadPage() {
  const config = useSiteConfig();
  const clinic = config.data?.clinicName ?? 'la clínica';

  return (
    <article className="site-page site-legal" aria-labelledby="privacy-title">
      <h1 id="privacy-title">Aviso de privacidad y confidencialidad</h1>
      <p className="site-lead">
        Este aviso explica qué datos personales recoge {clinic}, para qué los usa, quién los ve y cómo puede ejercer sus
        derechos, conforme a la Ley 81 de 26 de marzo de 2019 sobre Protección de Datos Personales de la República de
        Panamá y su reglamento, el Decreto Ejecutivo 285 de 2021. Sus datos de salud están además protegidos por el
        secreto profesional de nuestros médicos y psicólogos.
      </p>
      <p className="site-note">Última actualización: {LAST_UPDATED}.</p>

      <nav className="site-toc" aria-label="Contenido del aviso">
        <ol>
          <li><a href="#responsable">Responsable</a></li>
          <li><a href="#datos">Datos que recogemos</a></li>
          <li><a href="#finalidades">Para qué los usamos</a></li>
          <li><a href="#consentimiento">Base legal y consentimiento</a></li>
          <li><a href="#acceso">Quién ve sus datos</a></li>
          <li><a href="#transferencias">Transferencias</a></li>
          <li><a href="#conservacion">Conservación</a></li>
          <li><a href="#seguridad">Seguridad</a></li>
          <li><a href="#derechos">Sus derechos</a></li>
          <li><a href="#cookies">Cookies</a></li>
          <li><a href="#autoridad">Autoridad de control</a></li>
        </ol>
      </nav>

      <section id="responsable" className="site-block" aria-labelledby="privacy-responsable">
        <h2 id="privacy-responsable">1. Responsable del tratamiento</h2>
        <p>
          El responsable de sus datos es {clinic}, clínica establecida en la República de Panamá, que presta los servicios
          de este sitio. Para cualquier asunto de privacidad, vea «Cómo ejercer sus derechos» más abajo.
        </p>
      </section>

      <section id="datos" className="site-block" aria-labelledby="privacy-datos">
        <h2 id="privacy-datos">2. Datos que recogemos</h2>
        <ul className="site-list">
          <li>
            <strong>Identificación</strong>: nombre, apellido, número de cédula, una imagen de su cédula, nacionalidad,
            género y edad.
          </li>
          <li>
            <strong>Contacto</strong>: correo electrónico, número de celular con código de país y dirección.
          </li>
          <li>
            <strong>Cuenta</strong>: su contraseña, que se guarda solo en forma cifrada irreversible (nadie puede leerla).
          </li>
          <li>
            <strong>Datos de salud</strong>, que la ley considera <em>datos sensibles</em>: síntomas, antecedentes e
            historia clínica, peso, talla y demás datos del formulario de salud, imágenes y archivos de exámenes, los
            mensajes del chat con el médico, el seguimiento de la consulta y los documentos médicos que se le emitan
            (certificados, recetas, referencias, solicitudes de exámenes, incapacidades).
          </li>
          <li>
            <strong>Citas y consultas</strong>: servicio, médico, fecha, hora, motivo y urgencia asignada.
          </li>
          <li>
            <strong>Pagos</strong>: método de pago, monto, fecha, la identificación de la orden de PayPal y, si paga por
            transferencia o Yappy, la imagen o el PDF del comprobante. La clínica no recibe ni guarda los datos de su
            tarjeta.
          </li>
          <li>
            <strong>Sugerencias</strong> que nos envíe.
          </li>
          <li>
            <strong>Datos técnicos</strong> mínimos para la seguridad: fecha y hora de inicio y cierre de sesión, dirección
            IP y navegador utilizado.
          </li>
        </ul>
      </section>

      <section id="finalidades" className="site-block" aria-labelledby="privacy-finalidades">
        <h2 id="privacy-finalidades">3. Para qué usamos sus datos</h2>
        <ul className="site-list">
          <li>Prestarle atención médica y psicológica, virtual y presencial, y llevar su historia clínica.</li>
          <li>Confirmar su identidad (por eso pedimos la imagen de su cédula).</li>
          <li>Gestionar sus consultas, citas y pagos, y emitir sus recibos y documentos médicos.</li>
          <li>Comunicarnos con usted sobre su atención y responder sus sugerencias.</li>
          <li>Proteger su cuenta y el sitio frente a accesos indebidos y fraudes.</li>
          <li>Cumplir las obligaciones legales sanitarias, contables y fiscales de la clínica.</li>
        </ul>
        <p>No usamos sus datos para publicidad ni los vendemos o cedemos a terceros.</p>
      </section>

      <section id="consentimiento" className="site-block" aria-labelledby="privacy-consentimiento">
        <h2 id="privacy-consentimiento">4. Base legal y consentimiento</h2>
        <p>
          Tratamos sus datos con su consentimiento, que usted da al registrarse y, para cada consulta virtual, al aceptar
          el acuerdo de consentimiento (guardamos su respuesta con la fecha y la hora). Sus datos de salud se tratan solo
          con ese consentimiento expreso y para su atención. Algunos datos se conservan además porque la ley lo exige
          (por ejemplo, la historia clínica y los registros contables).
        </p>
        <p>
          Puede retirar su consentimiento en cualquier momento, sin efecto retroactivo. Sin esos datos no podremos seguir
          prestándole el servicio en línea.
        </p>
      </section>

      <section id="acceso" className="site-block" aria-labelledby="privacy-acceso">
        <h2 id="privacy-acceso">5. Quién ve sus datos</h2>
        <ul className="site-list">
          <li>
            <strong>El médico asignado</strong> a su consulta o cita ve sus datos y su información de salud; ningún otro
            médico la ve.
          </li>
          <li>
            <strong>Los administradores de la clínica</strong> gestionan consultas, citas y pagos: revisan comprobantes,
            clasifican la urgencia y atienden sugerencias.
          </li>
          <li>
            <strong>Usted</strong> ve en su área de paciente su perfil, sus consultas, citas, recibos y documentos.
          </li>
        </ul>
        <p>
          Solo entregamos datos a una autoridad cuando una ley o una orden de autoridad competente lo exige.
        </p>
      </section>

      <section id="transferencias" className="site-block" aria-labelledby="privacy-transferencias">
        <h2 id="privacy-transferencias">6. Transferencias</h2>
        <p>
          Si paga con PayPal o con tarjeta, PayPal recibe los datos necesarios para el cobro y los trata según su propia
          política de privacidad, también fuera de Panamá. Las transferencias bancarias y los pagos por Yappy los hace
          usted desde su banco; a nosotros solo llega el comprobante. Los videos de la página de inicio se cargan desde
          YouTube, en su modo de privacidad mejorada, solo si usted pulsa «Ver video».
        </p>
      </section>

      <section id="conservacion" className="site-block" aria-labelledby="privacy-conservacion">
        <h2 id="privacy-conservacion">7. Cuánto tiempo conservamos sus datos</h2>
        <p>
          Los datos de su cuenta, mientras la cuenta exista. Su historia clínica y los documentos médicos, durante el plazo
          que exigen las normas sanitarias de Panamá. Los datos de pagos y comprobantes, durante el plazo que exigen las
          normas contables y fiscales. Pasados esos plazos, los eliminamos o los anonimizamos.
        </p>
      </section>

      <section id="seguridad" className="site-block" aria-labelledby="privacy-seguridad">
        <h2 id="privacy-seguridad">8. Seguridad</h2>
        <ul className="site-list">
          <li>
            La imagen de su cédula, sus archivos e imágenes médicas, los comprobantes de pago y los documentos médicos se
            guardan cifrados (AES-256) y solo se entregan a quien tiene permiso para verlos.
          </li>
          <li>Las contraseñas se guardan con un algoritmo de cifrado irreversible (argon2id).</li>
          <li>
            Cada acceso se comprueba en el servidor según el tipo de cuenta y la relación con el paciente, y cada inicio
            de sesión queda registrado.
          </li>
          <li>La sesión se cierra tras {idleMinutes} minutos sin actividad, también en el servidor.</li>
          <li>La comunicación con el sitio viaja cifrada (HTTPS).</li>
        </ul>
        <p>
          Si ocurriera un incidente de seguridad que afecte sus datos, se lo comunicaremos y lo notificaremos a la
          autoridad como exige la normativa.
        </p>
      </section>

      <section id="derechos" className="site-block" aria-labelledby="privacy-derechos">
        <h2 id="privacy-derechos">9. Sus derechos</h2>
        <p>La Ley 81 de 2019 le reconoce los derechos llamados ARCO y el de portabilidad:</p>
        <dl className="site-rights">
          <div>
            <dt>Acceso</dt>
            <dd>saber qué datos suyos tenemos, de dónde vienen y para qué los usamos.</dd>
          </div>
          <div>
            <dt>Rectificación</dt>
            <dd>corregir datos inexactos o incompletos.</dd>
          </div>
          <div>
            <dt>Cancelación</dt>
            <dd>pedir que eliminemos sus datos cuando ya no sean necesarios, salvo los que la ley nos obliga a conservar.</dd>
          </div>
          <div>
            <dt>Oposición</dt>
            <dd>oponerse por motivos fundados a un uso determinado de sus datos.</dd>
          </div>
          <div>
            <dt>Portabilidad</dt>
            <dd>recibir sus datos en un formato estructurado y de uso común.</dd>
          </div>
        </dl>
        <h3 id="ejercer">Cómo ejercer sus derechos</h3>
        <p>
          Envíe su solicitud desde el formulario de <Link to="/Sugerencias">Sugerencias</Link> con su sesión iniciada,
          empezando con «Protección de datos» y el derecho que quiere ejercer, o preséntela por escrito en la recepción de
          la clínica con su cédula. Verificaremos su identidad antes de responder. El trámite es gratuito y le responderemos
          dentro de los plazos que fija la ley.
        </p>
      </section>

      <section id="cookies" className="site-block" aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">10. Cookies y almacenamiento en su navegador</h2>
        <p>Este sitio usa solo dos clases de cookies, ambas propias:</p>
        <ul className="site-list">
          <li>
            <strong>Cookie de sesión</strong>: le mantiene conectado mientras usa su cuenta (una por cada tipo de cuenta con
            la que inicie sesión). No es legible por los scripts de la página y se borra al cerrar sesión o al expirar.
          </li>
          <li>
            <strong>Cookie de consentimiento</strong>: recuerda durante {TIMERS.cookieConsentDays} días que usted aceptó el
            aviso de cookies.
          </li>
        </ul>
        <p>
          No usamos cookies de publicidad ni de analítica. El sitio guarda además en su navegador datos técnicos que no
          salen de su equipo, como el tiempo restante del chat o si ya vio la animación de inicio.
        </p>
      </section>

      <section id="autoridad" className="site-block" aria-labelledby="privacy-autoridad">
        <h2 id="privacy-autoridad">11. Autoridad de control</h2>
        <p>
          Si considera que no atendimos bien su solicitud, puede acudir a la Autoridad Nacional de Transparencia y Acceso
          a la Información (ANTAI), autoridad de protección de datos personales de Panamá:{' '}
          <a href="https://www.antai.gob.pa" rel="noopener noreferrer" target="_blank">
            www.antai.gob.pa (se abre en una pestaña nueva)
          </a>
          .
        </p>
        <p>
          Si cambiamos este aviso, publicaremos aquí la nueva versión con su fecha. Consulte también las{' '}
          <Link to="/preguntas-frecuentes">preguntas frecuentes</Link>.
        </p>
      </section>
    </article>
  );
}
