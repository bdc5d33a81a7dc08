// The demo catalog: brands with logos, products with blisters, Spanish texts and generated
// illustrations (SVG rendered by sharp, stored like uploads as WebP in two widths). Deterministic:
// the same data every time, only the dates follow the clock.
import type { FastifyBaseLogger } from 'fastify';
import { productSearchText } from '../../../domain/catalog';
import { slugify } from '../../../domain/text';
import type { AppContext } from '../../context';
import { storeVariants } from '../../modules/uploads/service';
import type { Storage } from '../../storage';
import { blisters, brands, products } from '../../db/schema';
import { hashString, logoSvg, productSvg, prng, type Motif } from './demo-art';
import { DEMO_BRANDS, type DemoBrand, type DemoStrain } from './demo-data';
import { defaultDemoCacheDir, demoVariants } from './demo-images';
import { seedDemoShipping } from './demo-shipping';

const DAY_MS = 24 * 60 * 60 * 1000;
const MOTIFS: Motif[] = ['leaf', 'bud', 'seeds'];
const RENDER_CONCURRENCY = 3;
/** Products kept off the storefront, to show the availability switch in the admin. */
const UNAVAILABLE = new Set(['Acid', 'Hindu Kush']);

function genotype(strain: DemoStrain): string {
  if (strain.sativa >= 65) return 'Sativa dominante';
  if (strain.sativa <= 30) return 'Indica dominante';
  return 'Híbrido equilibrado';
}

type Family = 'auto' | 'indica' | 'hybrid' | 'sativa';
const familyOf = (strain: DemoStrain): Family =>
  strain.type === 'auto' ? 'auto' : strain.sativa >= 65 ? 'sativa' : strain.sativa <= 30 ? 'indica' : 'hybrid';

const GROWTH: Record<
  Family,
  { flowering: string; cycle: string; heightIn: string; heightOut: string; yieldIn: [number, number]; yieldOut: [number, number] }
> = {
  auto: {
    flowering: '6-7 semanas',
    cycle: '9-10 semanas desde la germinación',
    heightIn: '60-100 cm',
    heightOut: '80-130 cm',
    yieldIn: [350, 450],
    yieldOut: [60, 150],
  },
  indica: {
    flowering: '7-8 semanas',
    cycle: 'Cosecha en exterior: mediados de marzo',
    heightIn: '80-120 cm',
    heightOut: '150-200 cm',
    yieldIn: [450, 550],
    yieldOut: [500, 700],
  },
  hybrid: {
    flowering: '8-9 semanas',
    cycle: 'Cosecha en exterior: fines de marzo',
    heightIn: '100-150 cm',
    heightOut: '180-250 cm',
    yieldIn: [450, 600],
    yieldOut: [600, 900],
  },
  sativa: {
    flowering: '10-12 semanas',
    cycle: 'Cosecha en exterior: mediados de abril',
    heightIn: '120-200 cm',
    heightOut: '250-350 cm',
    yieldIn: [400, 550],
    yieldOut: [700, 1000],
  },
};

const TYPE_WORDS = { auto: 'automática', fem: 'feminizada', reg: 'regular' } as const;
const TYPE_PLURALS = { auto: 'automáticas', fem: 'feminizadas', reg: 'regulares' } as const;

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const lowerList = (text: string) => text.split(',').map((t) => t.trim().toLowerCase());
const joinWords = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} y ${words[words.length - 1]}` : words[0]);

/** Three short paragraphs (the detail page splits them by line breaks). */
function description(strain: DemoStrain, brand: DemoBrand, random: () => number): string {
  const family = familyOf(strain);
  const growth = GROWTH[family];
  const flavors = joinWords(lowerList(strain.flavors));
  const effects = joinWords(lowerList(strain.effects));
  const intro = pick(random, [
    `${strain.name} es una variedad ${TYPE_WORDS[strain.type]} de ${brand.name} que nace del cruce ${strain.parents}.`,
    `Con ${strain.name}, ${brand.name} ofrece una ${TYPE_WORDS[strain.type]} surgida de ${strain.parents}, seleccionada durante varias generaciones.`,
    `${strain.name} (${strain.parents}) es una de las ${TYPE_PLURALS[strain.type]} más buscadas del catálogo de ${brand.name}.`,
  ]);
  const genetics =
    strain.sativa >= 65
      ? 'Su herencia sativa se nota en plantas altas y estilizadas, de entrenudos largos y flores alargadas.'
      : strain.sativa <= 30
        ? 'De herencia índica, forma plantas compactas y ramificadas, con cogollos densos y muy resinosos.'
        : 'Es un híbrido equilibrado: crece con vigor, reparte bien la energía entre las ramas y produce cogollos firmes.';
  const autoLine =
    strain.type === 'auto'
      ? ` Al ser autofloreciente no depende del fotoperiodo: completa su ciclo en ${growth.cycle.replace(' desde la germinación', '')} y permite varias cosechas por temporada.`
      : '';
  const growing = `En interior alcanza ${growth.heightIn} y su floración dura ${growth.flowering}; en exterior llega a ${growth.heightOut}.${autoLine}`;
  const tip = pick(random, [
    'Agradece un sustrato aireado y riegos moderados durante la floración.',
    'Responde muy bien a las podas bajas y al entrenamiento de bajo estrés (LST).',
    'Es una buena elección para quienes cultivan por primera vez.',
    'Conviene controlar la humedad en las últimas semanas para cuidar sus cogollos.',
  ]);
  const cbd = strain.cbd ? ` Con ${strain.cbd}% de CBD, ofrece un efecto suave y funcional.` : '';
  const senses = `Perfil de sabor: ${flavors}. Efecto ${effects}, con un THC de hasta ${strain.thc}%.${cbd} ${tip}`;
  return `${intro} ${genetics}\n${growing}\n${senses}`;
}

function demoBlisters(strain: DemoStrain, brand: DemoBrand, random: () => number) {
  const options = strain.type === 'reg' ? [[5, 10], [10], [5]] : [[1, 3, 5], [3, 5, 10], [3, 5], [1, 3], [5]];
  const counts = pick(random, options);
  const base = brand.basePrice * (0.85 + random() * 0.35) * (strain.type === 'reg' ? 0.75 : 1);
  const soldOut = random() < 0.08;
  const discount = random() < 0.2 ? pick(random, [10, 15, 20, 25]) : 0;
  return counts.map((seed_count) => {
    const raw = base * Math.pow(seed_count / 3, 0.85);
    const price = brand.usd ? Math.round(raw) : Math.round(raw / 500) * 500;
    const stock = soldOut || random() < 0.1 ? 0 : 2 + Math.floor(random() * 24);
    return { seed_count, price, stock, discount };
  });
}

/** Runs `work` over `items` with a few at a time (rendering is CPU work). */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(runners);
  return results;
}

export interface DemoSeedOptions {
  storage?: Storage;
  /** Where rendered pictures are kept between first starts (demo-images.ts). */
  cacheDir?: string;
}

export async function seedDemoCatalog(ctx: AppContext, log: FastifyBaseLogger, options: DemoSeedOptions = {}): Promise<void> {
  const storage = options.storage ?? ctx.storage;
  const cacheDir = options.cacheDir ?? defaultDemoCacheDir();
  const started = Date.now();
  const now = ctx.now();

  const entries = DEMO_BRANDS.flatMap((brand) => brand.strains.map((strain) => ({ brand, strain })));
  // A fixed shuffle (Fisher-Yates on a seeded generator), so the newest products mix brands.
  const order = entries.map((_, i) => i);
  const shuffle = prng(2024);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }

  // Every picture: brand logos, then each product's first and (about a third) second picture.
  const pictures = [
    ...DEMO_BRANDS.map((brand) => ({
      name: `logo-${slugify(brand.name)}`,
      svg: logoSvg({ name: brand.name, palette: brand.palette, national: brand.national }),
    })),
    ...entries.flatMap(({ brand, strain }) => {
      const seed = hashString(strain.name);
      const art = {
        name: strain.name,
        brand: brand.name,
        type: strain.type,
        palette: brand.palette,
        seed,
        subtitle: `${genotype(strain)} · THC ${strain.thc}%`,
      };
      const name = `${slugify(brand.name)}-${slugify(strain.name)}`;
      const first = { name, svg: productSvg({ ...art, motif: MOTIFS[seed % 3] }) };
      return seed % 3 === 0
        ? [first, { name: `${name}-2`, svg: productSvg({ ...art, motif: MOTIFS[(seed + 1) % 3], seed: seed + 1 }) }]
        : [first];
    }),
  ];
  log.info(`Cargando el catálogo de demostración: ${DEMO_BRANDS.length} marcas, ${entries.length} productos, ${pictures.length} imágenes`);
  let done = 0;
  let reported = Date.now();
  const urls = new Map<string, string>();
  await inPool(pictures, RENDER_CONCURRENCY, async ({ name, svg }) => {
    urls.set(name, (await storeVariants(storage, 'demo', await demoVariants(svg, cacheDir), name)).url);
    done++;
    if (Date.now() - reported >= 3000 && done < pictures.length) {
      reported = Date.now();
      log.info(`Imágenes de demostración: ${done} de ${pictures.length}`);
    }
  });
  const logos = DEMO_BRANDS.map((brand) => ({ url: urls.get(`logo-${slugify(brand.name)}`)! }));
  const images = entries.map(({ brand, strain }) => {
    const name = `${slugify(brand.name)}-${slugify(strain.name)}`;
    return [urls.get(name)!, urls.get(`${name}-2`) ?? null] as const;
  });

  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(brands)
      .values(
        DEMO_BRANDS.map((brand, i) => ({
          brand_id: slugify(brand.name),
          brand_name: brand.name,
          description: brand.description,
          image: logos[i].url,
          is_national: brand.national,
          created_at: new Date(now.getTime() - (400 - i) * DAY_MS),
          // One brand runs a promotion, to show brand discounts.
          ...(brand.name === 'Sweet Seeds'
            ? {
                discount_active: true,
                discount_type: 'percentage' as const,
                discount_value: 15,
                discount_expires_at: new Date(now.getTime() + 45 * DAY_MS),
              }
            : {}),
        })),
      )
      .onConflictDoNothing();
    // A brand that already existed (same slug or name) keeps its row and receives the products.
    const brandRows = await tx.select({ id: brands.id, slug: brands.brand_id, name: brands.brand_name }).from(brands);
    const brandIds = new Map(
      brandRows.flatMap(
        (b) =>
          [
            [b.slug, b.id],
            [`name:${b.name.toLowerCase()}`, b.id],
          ] as const,
      ),
    );
    const brandIdOf = (brand: DemoBrand) => brandIds.get(slugify(brand.name)) ?? brandIds.get(`name:${brand.name.toLowerCase()}`)!;

    const productRows = entries.map(({ brand, strain }, i) => {
      const random = prng(hashString(`${brand.name}/${strain.name}`));
      const growth = GROWTH[familyOf(strain)];
      const yieldIn = growth.yieldIn[0] + Math.round((random() * 50) / 10) * 10;
      const yieldOut = growth.yieldOut[0] + Math.round((random() * 100) / 10) * 10;
      const rank = order.indexOf(i);
      return {
        brand_id: brandIdOf(brand),
        name: strain.name,
        type: strain.type,
        genotype: genotype(strain),
        sativa: strain.sativa,
        indica: 100 - strain.sativa,
        effects: strain.effects,
        flavors: strain.flavors,
        thc: `${strain.thc}%`,
        cbd: strain.cbd ? `${strain.cbd}%` : '<1%',
        flowering_time: growth.flowering,
        completed_cicle: growth.cycle,
        height_indoor: growth.heightIn,
        height_outdoor: growth.heightOut,
        yield_indoor: `${yieldIn}-${yieldIn + 100} g/m²`,
        yield_outdoor: strain.type === 'auto' ? `${yieldOut}-${yieldOut + 80} g/planta` : `${yieldOut}-${yieldOut + 300} g/planta`,
        sku: `${brand.code}-${String(i + 1).padStart(3, '0')}`,
        currency: brand.usd ? ('USD' as const) : ('ARS' as const),
        image: images[i][0],
        image_2: images[i][1],
        description: description(strain, brand, random),
        available: !UNAVAILABLE.has(strain.name),
        search_text: productSearchText(strain.name, brand.name, strain.type),
        created_at: new Date(now.getTime() - rank * 1.3 * DAY_MS - i * 60_000),
      };
    });
    const inserted = await tx.insert(products).values(productRows).returning({ id: products.id, sku: products.sku });
    const idBySku = new Map(inserted.map((p) => [p.sku, p.id]));

    const blisterRows = entries.flatMap(({ brand, strain }, i) => {
      const random = prng(hashString(`price:${brand.name}/${strain.name}`));
      const productId = idBySku.get(productRows[i].sku)!;
      return demoBlisters(strain, brand, random).map((b) => ({ product_id: productId, ...b }));
    });
    await tx.insert(blisters).values(blisterRows);
    await seedDemoShipping(tx, now);
  });
  ctx.caches.catalogChanged();
  log.info(
    { brands: DEMO_BRANDS.length, products: entries.length, ms: Date.now() - started },
    `Catálogo de demostración cargado en ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
