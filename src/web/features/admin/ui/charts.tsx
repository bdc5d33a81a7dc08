// The dashboard's charts, drawn as SVG at the width they are given (a column chart per day and
// horizontal bars for rankings and shares). Each is an image with a title and a summary for
// screen readers, followed by a visually hidden table with its figures.
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChoiceButtons } from './choices';

// The kit's stone greys, as SVG paints (text 800 and 600, axis 500, grid 200, bar track 100).
const INK = '#292524';
const SOFT = '#57534e';
const MUTED = '#78716c';
const GRID = '#e7e5e4';
const TRACK = '#f5f5f4';

/** Tracks an element's content width; 0 until it has been measured. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The smallest of 1, 2, 2.5, 5 × 10^k at or above `value`, for round axis figures; for counts,
 * of 2, 4, 6, 8 × 10^k, so that the middle line is a whole number too.
 */
export function niceCeiling(value: number, counts = false): number {
  if (value <= 0) return counts ? 2 : 1;
  const power = 10 ** Math.max(counts ? 0 : -Infinity, Math.floor(Math.log10(value)));
  const steps = counts ? [1, 2, 4, 6, 8, 10] : [1, 2, 2.5, 5, 10];
  const step = steps.find((s) => s * power >= value && (!counts || (s * power) % 2 === 0)) ?? 10;
  return step * power;
}

/** The value at the top of a chart's scale; with `whole`, its lines (0, half, top) fall on whole numbers. */
export function axisTop(points: readonly { value: number }[], whole = false): number {
  return niceCeiling(Math.max(0, ...points.map((p) => p.value)), whole);
}

const compactArs = new Intl.NumberFormat('es-AR', { notation: 'compact', maximumFractionDigits: 1 });
/** Pesos beside a chart's scale, short: '$ 0', '$ 500', '$ 200 k'. */
export const formatArsAxis = (value: number) => `$ ${compactArs.format(value)}`;

/** The figures written beside a chart's scale: 0, half and the top. */
export const axisValues = (top: number) => [0, top / 2, top];

/** Keeps a label within `maxWidth` pixels of 12 px text (an average glyph is about 6.6 px). */
function fitLabel(label: string, maxWidth: number): string {
  const chars = Math.max(4, Math.floor(maxWidth / 6.6));
  return label.length <= chars ? label : `${label.slice(0, chars - 1)}…`;
}

function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: string[][] }) {
  // The wrapper hides it: a table is never narrower than its content, whatever its own width says.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChartFrame({ height, children }: { height: number; children: (width: number) => ReactNode }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  return (
    <div ref={ref} className="w-full min-w-0" style={{ height }}>
      {width > 0 && children(width)}
    </div>
  );
}

export interface ColumnPoint {
  /** What the column stands for, e.g. a day. */
  label: string;
  /** The short form written under the axis. */
  tick: string;
  value: number;
}

/** One column per point (a day), with a rounded scale on the left and a few ticks below. */
export function ColumnChart({
  title,
  summary,
  points,
  format,
  formatAxis,
  color,
  valueHeader,
  counts = false,
  height = 180,
}: {
  title: string;
  summary: string;
  points: ColumnPoint[];
  format: (value: number) => string;
  formatAxis: (value: number) => string;
  color: string;
  valueHeader: string;
  /** Whole numbers (counts, pesos): the scale's lines fall on whole numbers. */
  counts?: boolean;
  height?: number;
}) {
  const id = useId();
  const top = axisTop(points, counts);
  return (
    <figure className="min-w-0">
      <ChartFrame height={height}>
        {(width) => {
          const left = 52;
          const right = 6;
          const bottom = 22;
          const plotWidth = Math.max(1, width - left - right);
          const plotHeight = height - bottom - 8;
          const step = plotWidth / Math.max(1, points.length);
          const gap = step >= 5 ? Math.min(2, step * 0.2) : 0;
          const y = (v: number) => 8 + plotHeight - (v / top) * plotHeight;
          const tickEvery = Math.max(1, Math.ceil(points.length / Math.max(2, Math.floor(plotWidth / 64))));
          return (
            <svg width={width} height={height} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="block overflow-hidden">
              <title id={`${id}-title`}>{title}</title>
              <desc id={`${id}-desc`}>{summary}</desc>
              {axisValues(top).map((value) => (
                <g key={value}>
                  <line x1={left} x2={width - right} y1={y(value)} y2={y(value)} stroke={GRID} />
                  <text x={left - 6} y={y(value) + 4} textAnchor="end" fill={MUTED} fontSize={11}>
                    {formatAxis(value)}
                  </text>
                </g>
              ))}
              {points.map((p, i) => {
                const barHeight = (p.value / top) * plotHeight;
                return (
                  <rect
                    key={p.label}
                    x={left + i * step + gap / 2}
                    y={8 + plotHeight - barHeight}
                    width={Math.max(1, step - gap)}
                    height={Math.max(0, barHeight)}
                    fill={color}
                    rx={step > 8 ? 2 : 0}
                  >
                    <title>{`${p.label}: ${format(p.value)}`}</title>
                  </rect>
                );
              })}
              {points.map((p, i) =>
                (points.length - 1 - i) % tickEvery === 0 ? (
                  <text
                    key={p.label}
                    x={i === points.length - 1 ? width - right : left + i * step + step / 2}
                    y={height - 6}
                    textAnchor={i === points.length - 1 ? 'end' : 'middle'}
                    fill={MUTED}
                    fontSize={11}
                  >
                    {p.tick}
                  </text>
                ) : null,
              )}
            </svg>
          );
        }}
      </ChartFrame>
      <DataTable caption={title} headers={['Fecha', valueHeader]} rows={points.map((p) => [p.label, format(p.value)])} />
    </figure>
  );
}

export interface BarItem {
  key: string;
  label: string;
  value: number;
  /** The figure written at the bar's end. */
  display: string;
  color?: string;
}

/** Horizontal bars, one row per item: its name and figure above a bar scaled to the largest. */
export function BarChart({
  title,
  summary,
  items,
  valueHeader,
  nameHeader,
  color = '#16a34a',
}: {
  title: string;
  summary: string;
  items: BarItem[];
  valueHeader: string;
  nameHeader: string;
  color?: string;
}) {
  const id = useId();
  const rowHeight = 36;
  const height = Math.max(1, items.length) * rowHeight;
  const top = Math.max(0, ...items.map((i) => i.value)) || 1;
  return (
    <figure className="min-w-0">
      <ChartFrame height={height}>
        {(width) => (
          <svg width={width} height={height} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="block overflow-hidden">
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            {items.map((item, i) => {
              const y = i * rowHeight;
              const valueWidth = item.display.length * 6.6 + 8;
              return (
                <g key={item.key}>
                  <text x={0} y={y + 13} fill={INK} fontSize={12}>
                    {fitLabel(item.label, width - valueWidth)}
                  </text>
                  <text x={width} y={y + 13} textAnchor="end" fill={SOFT} fontSize={12} fontWeight={600} className="tabular-nums">
                    {item.display}
                  </text>
                  <rect x={0} y={y + 19} width={width} height={9} rx={4.5} fill={TRACK} />
                  <rect
                    x={0}
                    y={y + 19}
                    width={item.value > 0 ? Math.max(3, (item.value / top) * width) : 0}
                    height={9}
                    rx={4.5}
                    fill={item.color ?? color}
                  />
                </g>
              );
            })}
          </svg>
        )}
      </ChartFrame>
      <DataTable caption={title} headers={[nameHeader, valueHeader]} rows={items.map((i) => [i.label, i.display])} />
    </figure>
  );
}

/** Two or three choices shown side by side; the chosen one is pressed. */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <ChoiceButtons
      label={label}
      options={options}
      value={value}
      onChange={onChange}
      className="inline-flex rounded-lg bg-stone-100 p-0.5"
      buttonClass={(pressed) =>
        `rounded-md px-2.5 py-1 text-xs font-semibold transition ${pressed ? 'bg-white text-stone-900 shadow-xs' : 'text-stone-600 hover:text-stone-900'}`
      }
    />
  );
}
