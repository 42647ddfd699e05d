import { Link } from 'react-router';
import { messages } from '@clinica/shared';
import '../site.css';

/** /AdminDoctor: the doctors' entry page (staff.md, route groups). */
export function DoctorWelcomePage() {
  return (
    <section className="site-page site-welcome site-welcome--doctor" aria-labelledby="doctor-welcome-title">
      <h1 id="doctor-welcome-title">{messages.doctorWelcome}</h1>
      <p className="site-lead">{messages.doctorWelcomeBack}</p>
      <p>
        Aquí revisa sus citas y consultas virtuales, marca las fechas en que no atiende y genera los documentos médicos de
        sus pacientes. Para registrarse necesita la clave de seguridad que le entregó la clínica.
      </p>
      <div className="site-actions">
        <Link className="site-button" to="/Login_Admin_Doctor">
          Iniciar sesión como doctor
        </Link>
        <Link className="site-button site-button--outline" to="/Registro_Admin_Doctor">
          Registrarse como doctor
        </Link>
      </div>
    </section>
  );
}
