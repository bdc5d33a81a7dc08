// The cart the checkout's component tests start from: two units of one blister.
import type { CartLine } from '../../domain/cart';

export const LINES: CartLine[] = [
  {
    id: 11,
    blister_id: 21,
    name: 'Gorilla Glue',
    price: 10000,
    original_price: 10000,
    discount: 0,
    brand: 'Sensi',
    image: null,
    seed_count: 3,
    quantity: 2,
  },
];
