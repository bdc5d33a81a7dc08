// The console tables of the benchmarks: a scenario's name, then its figures right-aligned, then a
// verdict. `tableLine` prints one line; columns are 7 characters wide unless given.

/** A figure and the width of its column. */
export type Cell = string | number | [value: string | number, width: number];

export function tableLine(label: string, cells: Cell[], verdict = ''): void {
  const figures = cells.map((cell) => {
    const [value, width] = Array.isArray(cell) ? cell : [cell, 7];
    return String(value).padStart(width);
  });
  console.log(label.padEnd(34), ...figures, verdict && `  ${verdict}`);
}

/** The nearest-rank percentile `p` (0-100) of values sorted ascending. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
