// Which blister (blister) a page shows first.

interface BlisterLike {
  seed_count: number;
  stock: number;
  final_price?: number;
  price?: number;
}

// spec storefront §4: product detail starts on the lowest seed_count with stock, else the lowest.
export function defaultDetailBlister<T extends BlisterLike>(blisters: T[]): T | undefined {
  const bySeeds = [...blisters].sort((a, b) => a.seed_count - b.seed_count);
  return bySeeds.find((b) => b.stock > 0) ?? bySeeds[0];
}

// spec storefront §4: a card starts on the first with stock and a price, else the first with a
// price, else the first.
export function defaultCardBlister<T extends BlisterLike>(blisters: T[]): T | undefined {
  const hasPrice = (b: T) => (b.final_price ?? b.price ?? 0) > 0;
  return blisters.find((b) => b.stock > 0 && hasPrice(b)) ?? blisters.find(hasPrice) ?? blisters[0];
}
