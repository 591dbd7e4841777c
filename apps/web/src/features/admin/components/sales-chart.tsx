import { useLayoutEffect, useRef, useState } from 'react';
import type { DailySales } from '@shop/shared/schemas/admin';
import { formatPrice, sumEuros } from '@shop/shared/domain/money';
import { formatDay, formatDayShort } from '@shop/shared/domain/time';

const wholeEuro = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** A round top for the axis and its step: 1, 2 or 5 times a power of ten, in 4 steps. */
export function niceScale(max: number, steps = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: 100, step: 25 };
  const raw = max / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return { top: step * steps, step };
}

/** The drawn width of the chart's box, so text stays readable at any screen size. */
function useBoxWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(Math.max(260, w));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Daily sales of the last 30 days as a hand-drawn SVG bar chart. Screen readers get a summary
 * (role=img with a label) and every figure is also in a table under "Shiko të dhënat".
 */
export function SalesChart({
  daily,
  title = 'Shitjet e 30 ditëve të fundit',
  period = `të ${daily.length} ditëve të fundit`,
  lastIsToday = true,
}: {
  daily: DailySales[];
  /** The chart's heading. */
  title?: string;
  /** The days in words, after 'Shitjet ditore ' (the summary and the table's caption). */
  period?: string;
  /** The last bar is today ('Sot' under it, in the accent colour). */
  lastIsToday?: boolean;
}) {
  const { ref, width } = useBoxWidth(720);
  const height = 240;
  const m = { top: 12, right: 8, bottom: 28, left: 64 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const max = Math.max(0, ...daily.map((d) => d.total));
  const { top, step } = niceScale(max);
  const slot = daily.length > 0 ? plotW / daily.length : plotW;
  const barW = Math.max(2, slot * 0.68);
  const labelEvery = Math.max(1, Math.ceil(46 / slot));
  const y = (v: number) => m.top + plotH - (v / top) * plotH;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);

  const sum = sumEuros(daily.map((d) => d.total));
  const orders = daily.reduce((s, d) => s + d.orders, 0);
  const best = daily.reduce<DailySales | null>((b, d) => (d.total > (b?.total ?? 0) ? d : b), null);
  const summary =
    `Shitjet ditore ${period}: gjithsej ${formatPrice(sum)} nga ${orders} porosi.` +
    (best ? ` Dita më e mirë: ${formatDay(best.date)} me ${formatPrice(best.total)}.` : ' Asnjë shitje në këtë periudhë.');
  const last = daily.length - 1;

  return (
    <figure className="sales-chart card">
      <figcaption>
        <h2 id="sales-chart-title">{title}</h2>
        <span className="muted">
          Gjithsej {formatPrice(sum)} · {orders} porosi
        </span>
      </figcaption>
      <div className="sales-chart-box" ref={ref}>
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
          {ticks.map((t) => (
            <g key={t}>
              <line className="grid-line" x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} />
              <text className="axis-label" x={m.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
                {wholeEuro.format(t)} €
              </text>
            </g>
          ))}
          {daily.map((d, i) => {
            const h = d.total > 0 ? Math.max(2, plotH - (y(d.total) - m.top)) : 0;
            const x = m.left + i * slot + (slot - barW) / 2;
            return (
              <g key={d.date} className="bar-group">
                <rect x={m.left + i * slot} y={m.top} width={slot} height={plotH} fill="transparent" />
                {h > 0 && (
                  <rect
                    className={i === last && lastIsToday ? 'bar bar-today' : 'bar'}
                    x={x}
                    y={m.top + plotH - h}
                    width={barW}
                    height={h}
                    rx={Math.min(3, barW / 3)}
                  />
                )}
                <title>{`${formatDay(d.date)}: ${formatPrice(d.total)} · ${d.orders} porosi`}</title>
                {(last - i) % labelEvery === 0 && (
                  <text className="axis-label" x={m.left + i * slot + slot / 2} y={height - 8} textAnchor="middle">
                    {i === last && lastIsToday ? 'Sot' : formatDayShort(d.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <details>
        <summary>Shiko të dhënat si tabelë</summary>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Shitjet ditore {period}</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Porosi</th>
                <th scope="col">Shitjet</th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((d) => (
                <tr key={d.date}>
                  <td>{formatDay(d.date)}</td>
                  <td>{d.orders}</td>
                  <td>{formatPrice(d.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
