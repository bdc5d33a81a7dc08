// A synthetic catalog for the benchmarks, bulk inserted with generate_series: names built from
// strain words so that search behaves as on a real shop, 1 to 3 blisters per product, some
// in USD, some discounted, some out of stock or unavailable. search_text follows
// productSearchText() (the names here are plain ASCII).
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

export const BENCH_BRANDS = 40;
const WORDS_A = [
  'Gorilla',
  'Amnesia',
  'Critical',
  'Northern',
  'Blue',
  'Lemon',
  'Purple',
  'Jack',
  'White',
  'Sweet',
  'Royal',
  'Mango',
  'Black',
  'Wedding',
  'Orange',
  'Super',
  'Big',
  'Green',
  'Tropical',
  'Cherry',
];
const WORDS_B = [
  'Kush',
  'Haze',
  'Glue',
  'Cheese',
  'Dream',
  'Widow',
  'Skunk',
  'Cookies',
  'Gelato',
  'Diesel',
  'Zkittlez',
  'Cake',
  'Domina',
  'Bud',
  'Light',
  'Berry',
  'Mimosa',
];
const sqlArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

export async function loadCatalog(db: Db, products: number): Promise<void> {
  const run = (text: string) => db.execute(sql.raw(text));
  await run(`insert into brands (brand_id, brand_name, is_national, description, image)
    select 'banco-' || i, 'Banco ' || i, i % 3 = 0, 'Banco de semillas número ' || i || ', con genéticas seleccionadas.', '/uploads/demo/logo-' || i || '-800.webp'
    from generate_series(1, ${BENCH_BRANDS}) i`);
  await run(`insert into products (brand_id, name, type, genotype, sativa, indica, effects, flavors, thc, cbd, flowering_time,
      height_indoor, yield_indoor, sku, currency, image, description, available, search_text, created_at)
    select 1 + (i % ${BENCH_BRANDS}), s.name, s.type, 'Híbrido', 40, 60, 'Relajante, Feliz', 'Dulce, Terroso', '20%', '<1%', '8-9 semanas',
      '100-150 cm', '450-550 g/m²', 'SKU-' || i, case when i % 7 = 0 then 'USD' else 'ARS' end,
      '/uploads/demo/p' || i || '-800.webp', 'Descripción de ' || s.name || '. ' || repeat('Una variedad estable y productiva. ', 8),
      i % 50 <> 0,
      lower(s.name || ' banco ' || (1 + (i % ${BENCH_BRANDS})) || ' ' || case s.type when 'auto' then 'automatica' when 'fem' then 'feminizada' else 'regular' end),
      now() - i * interval '37 minutes'
    from (
      select i,
        (${sqlArray(WORDS_A)})[1 + i % ${WORDS_A.length}] || ' ' || (${sqlArray(WORDS_B)})[1 + (i / ${WORDS_A.length}) % ${WORDS_B.length}]
          || case when i % 3 = 0 then ' Auto' else '' end || ' #' || i as name,
        case when i % 3 = 0 then 'auto' when i % 3 = 1 then 'fem' else 'reg' end as type
      from generate_series(1, ${products}) i
    ) s`);
  await run(`insert into blisters (product_id, seed_count, price, stock, discount)
    select p.id, k.seed,
      case when p.currency = 'USD' then 10 + (p.id % 40) + k.seed * 4 else 9000 + (p.id * 37) % 40000 + k.seed * 3500 end,
      (p.id * 13 + k.seed) % 25,
      case when p.id % 6 = 0 then 15 else 0 end
    from products p cross join (values (1), (3), (5)) k(seed)
    where (p.id + k.seed) % 4 <> 0`);
  await run(`update brands set discount_active = true, discount_type = 'percentage', discount_value = 10 where id % 10 = 0`);
}
