import { useId, useMemo } from 'react';
import { toCsv } from '@clinica/shared';
import { BarChart } from './bar-chart.js';
import { csvOf, seriesTotals, type ChartSpec } from './chart-spec.js';
import { downloadCsv } from '../hooks/download-csv.js';

interface Words {
  showTable: string;
  downloadCsv: string;
  total: string;
}

/**
 * A chart with its table alternative (a real table with caption and headers, opened by the
 * disclosure below the chart, scrolling sideways inside its box on a phone) and its CSV export.
 * The three read one `ChartSpec`.
 */
export function ChartCard({ spec, format, words }: { spec: ChartSpec; format: (value: number) => string; words: Words }) {
  const headingId = useId();
  const totals = useMemo(() => seriesTotals(spec), [spec]);
  const summary = `${spec.title}. ${words.total}: ${spec.series.map((s, i) => `${s} ${format(totals[i] ?? 0)}`).join(', ')}`;
  const file = `${spec.id}.csv`;
  const save = () => {
    const { headers, rows } = csvOf(spec, words.total);
    downloadCsv(file, toCsv(headers, rows));
  };

  return (
    <section className="dash-card" aria-labelledby={headingId} data-chart={spec.id}>
      <div className="dash-card-head">
        <h2 id={headingId}>{spec.title}</h2>
        <button type="button" className="btn btn-secondary dash-csv" onClick={save}>
          {words.downloadCsv}
        </button>
      </div>
      <BarChart spec={spec} summary={summary} format={format} />
      <details className="dash-table">
        <summary>{words.showTable}</summary>
        {/* Focusable: a keyboard scrolls the table inside its box. */}
        <div className="list-table-wrap" tabIndex={0}>
          <table className="list-table dash-table-grid">
            <caption className="visually-hidden">{spec.title}</caption>
            <thead>
              <tr>
                <th scope="col">{spec.category}</th>
                {spec.series.map((s) => (
                  <th scope="col" key={s}>
                    {s}
                  </th>
                ))}
                {spec.stacked && <th scope="col">{words.total}</th>}
              </tr>
            </thead>
            <tbody>
              {spec.rows.map((r, i) => (
                <tr key={`${r.key ?? r.label}-${i}`}>
                  <th scope="row">{r.label}</th>
                  {r.values.map((v, j) => (
                    <td key={spec.series[j]}>{format(v)}</td>
                  ))}
                  {spec.stacked && <td>{format(r.values.reduce((a, b) => a + b, 0))}</td>}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{words.total}</th>
                {totals.map((v, j) => (
                  <td key={spec.series[j]}>{format(v)}</td>
                ))}
                {spec.stacked && <td>{format(totals.reduce((a, b) => a + b, 0))}</td>}
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
    </section>
  );
}
