// Page buttons of the user list (spec accounts-admin §9: every page when there are 7 or fewer,
// otherwise the first, the last, the current with its neighbours, and ellipses).
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

const ALL_PAGES_UP_TO = 7;

export function pageItems(current: number, total: number): PageItem[] {
  if (total <= ALL_PAGES_UP_TO) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), total);
  if (page <= 4) return [1, 2, 3, 4, 5, 'ellipsis-end', total];
  if (page >= total - 3) return [1, 'ellipsis-start', total - 4, total - 3, total - 2, total - 1, total];
  return [1, 'ellipsis-start', page - 1, page, page + 1, 'ellipsis-end', total];
}
