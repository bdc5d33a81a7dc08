// Counts in words: "1 semilla", "3 semillas"; "1 fila nueva", "2 filas nuevas".
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const seedsLabel = (n: number) => countOf(n, 'semilla', 'semillas');
