import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { ChartSpec } from './chart-spec.js';

// Only the pieces a bar chart needs (tree-shaken: about 56 kB gzip instead of the whole library),
// in this page's lazy chunk: no other page loads Chart.js (decision 0057).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Okabe and Ito's colours: told apart with every common colour-vision deficiency. */
const COLOURS = ['#0072B2', '#E69F00', '#009E73'];

/**
 * One bar chart drawn by Chart.js on a canvas. A canvas says nothing to a screen reader: the
 * canvas is an image named by `summary` (the series' totals), and the same figures are the table
 * beside it (chart-card.tsx).
 */
export function BarChart({ spec, summary, format }: { spec: ChartSpec; summary: string; format: (value: number) => string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: spec.rows.map((r) => r.label),
        datasets: spec.series.map((name, i) => ({
          label: name,
          data: spec.rows.map((r) => r.values[i] ?? 0),
          backgroundColor: COLOURS[i % COLOURS.length],
        })),
      },
      options: {
        indexAxis: spec.horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        // No animation: the figures are read, not watched, and a reduced-motion reader sees none.
        animation: false,
        plugins: {
          legend: { display: spec.series.length > 1, position: 'bottom' },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` } },
        },
        scales: {
          x: { stacked: spec.stacked, ticks: spec.horizontal ? { callback: (v) => format(Number(v)), precision: 0 } : { autoSkip: true, maxRotation: 60 } },
          y: { stacked: spec.stacked, beginAtZero: true, ticks: spec.horizontal ? {} : { callback: (v) => format(Number(v)), precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [spec, format]);

  const height = spec.horizontal ? Math.max(160, spec.rows.length * 36 + 70) : 260;
  return (
    <div className="dash-chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
