import { Link } from 'react-router';
import { messages } from '@clinica/shared';
import '../site.css';

/** /Admin: the administrators' entry page (staff.md, route groups). */
export function AdminWelcomePage() {
  return (
    <section className="site-page site-welcome site-welcome--admin" aria-labelledby="admin-welcome-title">
      <h1 id="admin-welcome-title">{messages.adminWelcome}</h1>
      <p className="site-lead">
        Desde esta área se revisan las consultas virtuales, las citas, los comprobantes de pago, los pacientes y las
        sugerencias, y se publican las noticias de la clínica.
      </p>
      <p>Para registrarse necesita la clave de seguridad que le entregó la clínica.</p>
      <div className="site-actions">
        <Link className="site-button" to="/Login_Admin">
          Iniciar sesión como administrador
        </Link>
        <Link className="site-button site-button--outline" to="/Registro_Admin">
          Registrarse como administrador
        </Link>
      </div>
    </section>
  );
}
