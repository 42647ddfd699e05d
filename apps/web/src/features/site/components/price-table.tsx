import { PRICE_ROWS } from '../site-content.js';

/** Prices per hour of every service (the same for virtual and in-person). */
export function PriceTable({ caption = 'Precios por hora de consulta' }: { caption?: string }) {
  return (
    <div className="site-table-wrap">
      <table className="site-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Servicio</th>
            <th scope="col">Precio</th>
            <th scope="col">Duración</th>
          </tr>
        </thead>
        <tbody>
          {PRICE_ROWS.map((row) => (
            <tr key={row.service}>
              <th scope="row">{row.label}</th>
              <td>{row.price}</td>
              <td>1 hora</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="site-note">Los mismos precios valen para la consulta virtual y la presencial. Montos en dólares estadounidenses (USD).</p>
    </div>
  );
}
