// Counts in words: "1 semilla", "3 semillas"; "1 fila nueva", "2 filas nuevas".
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const seedsLabel = (n: number) => countOf(n, 'semilla', 'semillas');

/** A product by its presentation, "Gorilla Kush (3 semillas)"; the name alone without a seed count. */
export const presentationName = (name: string, seedCount: number | null | undefined) =>
  seedCount ? `${name} (${seedsLabel(seedCount)})` : name;
