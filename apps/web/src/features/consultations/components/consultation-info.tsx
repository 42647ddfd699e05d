import { SERVICES, SERVICE_LABELS, SERVICE_PRICE_CENTS } from '@clinica/shared';

/** Step 1 of the page: what a virtual consultation is, its prices and the urgency classification. */
export function ConsultationInfo() {
  return (
    <>
      <section className="consult-card consult-info" aria-labelledby="consult-info-title">
        <h2 id="consult-info-title">¿Cómo funciona?</h2>
        <p>
          Converse por chat con un médico de turno durante <strong>1 hora</strong>. Complete sus datos de salud, elija el servicio y el
          médico, y pague en línea. Con PayPal o tarjeta el chat se abre al confirmarse el pago; con transferencia o Yappy, cuando la
          clínica revise su comprobante.
        </p>
        <p>
          Horario de atención virtual: <strong>todos los días de 8:00 a. m. a 10:00 p. m.</strong> (hora de Panamá).
        </p>
      </section>

      <section className="consult-card" aria-labelledby="consult-prices-title">
        <h2 id="consult-prices-title">Precios</h2>
        <div className="consult-table-wrap">
          <table className="consult-table">
            <caption className="visually-hidden">Precio y duración de cada servicio</caption>
            <thead>
              <tr>
                <th scope="col">Servicio</th>
                <th scope="col">Precio</th>
                <th scope="col">Duración</th>
              </tr>
            </thead>
            <tbody>
              {SERVICES.map((s) => (
                <tr key={s}>
                  <th scope="row">{SERVICE_LABELS[s]}</th>
                  <td>USD {SERVICE_PRICE_CENTS[s] / 100}</td>
                  <td>1 hora</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="consult-card" aria-labelledby="consult-urgency-title">
        <h2 id="consult-urgency-title">Clasificación de urgencia</h2>
        <ul className="consult-urgency">
          <li>
            <strong>Tipo A</strong>: bajo riesgo. Se atiende por chat.
          </li>
          <li>
            <strong>Tipo B</strong>: urgente. Se atiende por chat.
          </li>
          <li>
            <strong>Tipo C</strong>: emergencia. <strong>No se atiende por chat</strong>: acuda al hospital más cercano.
          </li>
        </ul>
      </section>
    </>
  );
}
