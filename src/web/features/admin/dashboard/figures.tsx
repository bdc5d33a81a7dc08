// What the panels of 'Inicio' share: how a count of orders or units reads, and an empty panel.
export const integer = new Intl.NumberFormat('es-AR');
export const units = (n: number) => `${integer.format(n)} u.`;

export function Empty({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-stone-500">{children}</p>;
}
