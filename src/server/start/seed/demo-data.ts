// The demo catalog's brands and strains. Figures are typical of each strain as seed makers
// publish them; prices and stock are made up by the seed.
import type { Palette } from './demo-art';

export interface DemoStrain {
  name: string;
  type: 'auto' | 'fem' | 'reg';
  /** Sativa share in percent; indica is the rest. */
  sativa: number;
  /** THC percent (upper figure). */
  thc: number;
  parents: string;
  flavors: string;
  effects: string;
  /** CBD percent; omitted means under 1%. */
  cbd?: number;
}

export interface DemoBrand {
  name: string;
  national: boolean;
  /** Blisters of this brand are priced in USD. */
  usd?: boolean;
  /** Price of three seeds, in the brand's currency, before per-strain variation. */
  basePrice: number;
  code: string;
  palette: Palette;
  description: string;
  strains: DemoStrain[];
}

const s = (
  name: string,
  type: DemoStrain['type'],
  sativa: number,
  thc: number,
  parents: string,
  flavors: string,
  effects: string,
  cbd?: number,
): DemoStrain => ({ name, type, sativa, thc, parents, flavors, effects, cbd });

export const DEMO_BRANDS: DemoBrand[] = [
  {
    name: 'Royal Queen Seeds',
    national: false,
    basePrice: 38000,
    code: 'RQS',
    palette: { dark: '#1e1b4b', light: '#6d28d9', accent: '#facc15' },
    description:
      'Banco europeo fundado en 2008 con sede en España y Países Bajos. Selecciona genéticas clásicas y modernas, estables y fáciles de cultivar, con un catálogo enorme de feminizadas y automáticas premiadas en copas internacionales.',
    strains: [
      s('Northern Light', 'fem', 10, 18, 'Afghani x Thai', 'Dulce, Terroso, Pino', 'Relajante, Sedante, Feliz'),
      s('Amnesia Haze', 'fem', 80, 22, 'Haze x Amnesia', 'Cítrico, Limón, Incienso', 'Eufórico, Creativo, Energizante'),
      s('Royal Gorilla', 'fem', 40, 27, 'Sour Dubb x Chem Sis x Chocolate Diesel', 'Terroso, Pino, Diesel', 'Relajante, Potente, Feliz'),
      s('Blue Cheese', 'fem', 20, 19, 'Blueberry x UK Cheese', 'Arándano, Queso, Dulce', 'Relajante, Feliz, Hambre'),
      s('Royal Cheese Automatic', 'auto', 30, 17, 'UK Cheese x Ruderalis', 'Queso, Terroso, Picante', 'Relajante, Social'),
      s('Fat Banana', 'fem', 30, 25, 'Banana OG x Banana Cream', 'Banana, Dulce, Tropical', 'Relajante, Eufórico'),
      s('Royal Kush Automatic', 'auto', 20, 18, 'Afghan Kush x Skunk #1 x Ruderalis', 'Terroso, Especiado, Pino', 'Relajante, Corporal'),
      s('Critical', 'fem', 35, 20, 'Afghani x Skunk', 'Dulce, Terroso, Frutal', 'Relajante, Feliz'),
    ],
  },
  {
    name: 'Sweet Seeds',
    national: false,
    basePrice: 36000,
    code: 'SWS',
    palette: { dark: '#500724', light: '#e11d48', accent: '#fde68a' },
    description:
      'Banco español de Barcelona famoso por sus automáticas XL de ciclo rápido y sus feminizadas de sabores dulces. Cada variedad pasa por años de selección antes de salir al mercado.',
    strains: [
      s('Black Cream Auto', 'auto', 35, 19, 'Black Domina x Cream Caramel Auto', 'Dulce, Crema, Frutos rojos', 'Relajante, Feliz'),
      s('Big Devil XL Auto', 'auto', 45, 20, 'Big Devil #2 x Big Devil Auto', 'Afrutado, Dulce, Terroso', 'Equilibrado, Eufórico'),
      s('Cream Caramel', 'fem', 10, 18, 'Blue Black x White Rhino', 'Caramelo, Dulce, Terroso', 'Relajante, Sedante'),
      s('Sweet Mimosa XL Auto', 'auto', 60, 21, 'Mimosa x Sweet Cheese XL Auto', 'Naranja, Cítrico, Tropical', 'Energizante, Creativo'),
      s('Gorilla Girl XL Auto', 'auto', 40, 22, 'Gorilla Girl x Big Devil XL Auto', 'Terroso, Diesel, Dulce', 'Relajante, Potente'),
      s('Red Poison Auto', 'auto', 55, 18, 'Red Poison x Sweet Skunk Auto', 'Especiado, Cítrico, Madera', 'Eufórico, Social'),
    ],
  },
  {
    name: 'Dinafem',
    national: false,
    basePrice: 34000,
    code: 'DNF',
    palette: { dark: '#431407', light: '#ea580c', accent: '#bbf7d0' },
    description:
      'Banco de Galicia, España, con más de quince años de trabajo genético. Responsable de clásicos como Critical+ y Moby Dick, ofrece semillas feminizadas robustas y productivas para interior y exterior.',
    strains: [
      s('Critical+ 2.0', 'fem', 40, 20, 'Critical+ x Critical+', 'Dulce, Terroso, Skunk', 'Relajante, Feliz'),
      s('Moby Dick', 'fem', 75, 24, 'Haze x White Widow', 'Cítrico, Incienso, Dulce', 'Eufórico, Creativo'),
      s('White Widow', 'fem', 40, 19, 'Brasileña x India del sur', 'Terroso, Madera, Pino', 'Equilibrado, Social'),
      s('Gorilla Auto', 'auto', 40, 21, 'Gorilla Glue #4 x Ruderalis', 'Terroso, Chocolate, Café', 'Relajante, Potente'),
      s('OG Kush', 'fem', 25, 20, 'Chemdawg x Hindu Kush', 'Limón, Pino, Diesel', 'Relajante, Feliz'),
      s('Cheese', 'fem', 40, 17, 'Skunk #1 seleccionada', 'Queso, Picante, Terroso', 'Social, Relajante'),
    ],
  },
  {
    name: "Barney's Farm",
    national: false,
    usd: true,
    basePrice: 42,
    code: 'BNF',
    palette: { dark: '#450a0a', light: '#b91c1c', accent: '#fde047' },
    description:
      'Banco de Ámsterdam con más de treinta años de historia y decenas de Cannabis Cups. Sus genéticas de sabor intenso y alta potencia son referencia en todo el mundo.',
    strains: [
      s(
        'Gorilla Glue #4',
        'fem',
        40,
        25,
        "Chem's Sister x Sour Dubb x Chocolate Diesel",
        'Terroso, Pino, Diesel',
        'Relajante, Potente, Eufórico',
      ),
      s('Tangerine Dream', 'fem', 70, 22, "G13 x Afghani x Neville's A5 Haze", 'Mandarina, Cítrico, Dulce', 'Energizante, Creativo'),
      s('LSD-25', 'fem', 30, 24, 'Mazar x Skunk #1', 'Terroso, Especiado, Dulce', 'Eufórico, Cerebral'),
      s('Wedding Cake', 'fem', 40, 25, 'Triangle Kush x Animal Mints', 'Vainilla, Dulce, Terroso', 'Relajante, Feliz'),
      s('Pink Kush', 'fem', 20, 23, 'OG Kush seleccionada', 'Dulce, Floral, Vainilla', 'Relajante, Sedante'),
      s('Blue Gelato 41', 'fem', 40, 23, 'Thin Mint GSC x Sunset Sherbet', 'Arándano, Crema, Dulce', 'Equilibrado, Feliz'),
    ],
  },
  {
    name: 'Sensi Seeds',
    national: false,
    basePrice: 40000,
    code: 'SNS',
    palette: { dark: '#052e16', light: '#15803d', accent: '#fcd34d' },
    description:
      'Uno de los bancos más antiguos del mundo, fundado en Ámsterdam en 1985. Su colección de clásicas (Jack Herer, Skunk #1, Northern Lights) preserva genéticas históricas, muchas también en semilla regular.',
    strains: [
      s('Jack Herer', 'fem', 55, 20, 'Haze x Northern Lights #5 x Shiva Skunk', 'Pino, Especiado, Cítrico', 'Energizante, Creativo'),
      s('Skunk #1', 'reg', 35, 15, 'Afghani x Acapulco Gold x Colombian Gold', 'Skunk, Dulce, Terroso', 'Equilibrado, Feliz'),
      s('Northern Lights', 'fem', 10, 16, 'Afghani x Thai', 'Dulce, Terroso, Especiado', 'Relajante, Sedante'),
      s('Early Skunk', 'reg', 40, 14, 'Early Pearl x Skunk #1', 'Skunk, Terroso, Frutal', 'Relajante, Social'),
      s('Big Bud', 'fem', 15, 17, 'Afghani x Skunk x Northern Lights', 'Dulce, Terroso, Uva', 'Relajante, Corporal'),
      s('Hindu Kush', 'reg', 0, 15, 'Landrace del Hindu Kush', 'Terroso, Hachís, Pino', 'Relajante, Sedante'),
    ],
  },
  {
    name: 'Fast Buds',
    national: false,
    usd: true,
    basePrice: 36,
    code: 'FBD',
    palette: { dark: '#1a2e05', light: '#65a30d', accent: '#f0abfc' },
    description:
      'Especialistas en automáticas de alta producción con base en España y California. Sus autoflorecientes terminan en unas nueve semanas desde semilla sin perder potencia ni sabor.',
    strains: [
      s('Gorilla Cookies Auto', 'auto', 30, 26, 'Gorilla Cookies x Ruderalis', 'Galleta, Dulce, Terroso', 'Relajante, Potente'),
      s('Zkittlez Auto', 'auto', 30, 21, 'Zkittlez x Ruderalis', 'Caramelo, Frutal, Tropical', 'Feliz, Relajante'),
      s('Wedding Cheesecake Auto', 'auto', 40, 24, 'Wedding Cake x Cheesecake', 'Vainilla, Queso, Dulce', 'Equilibrado, Eufórico'),
      s('Blackberry Auto', 'auto', 20, 22, 'Blackberry x Ruderalis', 'Mora, Dulce, Frutos rojos', 'Relajante, Sedante'),
      s('Original Auto Jack Herer', 'auto', 60, 18, 'Jack Herer x Ruderalis', 'Pino, Cítrico, Especiado', 'Energizante, Creativo'),
      s('Cream Cookies Auto', 'auto', 35, 22, 'GSC x Cream Caramel x Ruderalis', 'Crema, Galleta, Dulce', 'Relajante, Feliz'),
    ],
  },
  {
    name: 'Paradise Seeds',
    national: false,
    basePrice: 39000,
    code: 'PRS',
    palette: { dark: '#042f2e', light: '#0d9488', accent: '#fef08a' },
    description:
      'Banco holandés creado en 1994 por Luc Krol. Selecciona genéticas con carácter, muchas premiadas, y ofrece variedades ricas en CBD para quienes buscan un efecto suave.',
    strains: [
      s('Wappa', 'fem', 5, 17, 'Skunk x Indica seleccionada', 'Frutal, Dulce, Terroso', 'Relajante, Feliz'),
      s('Nebula', 'fem', 50, 20, 'Haze x Indica seleccionada', 'Miel, Frutal, Incienso', 'Eufórico, Creativo'),
      s('Durga Mata II CBD', 'fem', 10, 6, 'Shiva Skunk x Hindu Kush', 'Terroso, Limón, Pino', 'Relajante, Suave', 9),
      s('Dutch Dragon', 'fem', 75, 20, 'Sativa holandesa x Sativa ecuatorial', 'Cítrico, Especiado, Dulce', 'Energizante, Social'),
      s('Acid', 'fem', 30, 18, 'Pakistán x Skunk', 'Cítrico, Terroso, Ácido', 'Eufórico, Cerebral'),
    ],
  },
  {
    name: 'Gorilla Seeds Bank',
    national: false,
    basePrice: 30000,
    code: 'GSB',
    palette: { dark: '#111827', light: '#4b5563', accent: '#fb923c' },
    description:
      'Banco europeo dedicado a las genéticas Gorilla y sus cruces: plantas potentes, resinosas y de buen rendimiento a precios accesibles, tanto feminizadas como automáticas.',
    strains: [
      s('Gorilla Zkittlez', 'fem', 35, 26, 'Gorilla Glue #4 x Zkittlez', 'Frutal, Diesel, Dulce', 'Relajante, Potente'),
      s('Gorilla Bomb', 'fem', 30, 24, 'Gorilla Glue x Bomb #1', 'Terroso, Pino, Café', 'Relajante, Sedante'),
      s('Gorilla Haze Auto', 'auto', 65, 19, 'Gorilla Glue x Haze x Ruderalis', 'Cítrico, Incienso, Terroso', 'Energizante, Creativo'),
      s('Gorilla Kush', 'fem', 20, 23, 'Gorilla Glue x OG Kush', 'Pino, Limón, Terroso', 'Relajante, Corporal'),
      s('Gorilla Cookies', 'fem', 35, 25, 'Gorilla Glue x GSC', 'Galleta, Chocolate, Dulce', 'Feliz, Relajante'),
    ],
  },
  {
    name: 'BSF Seeds',
    national: false,
    basePrice: 26000,
    code: 'BSF',
    palette: { dark: '#172554', light: '#2563eb', accent: '#fda4af' },
    description:
      'Black Skull Seeds Farm, banco español con catálogo muy amplio de feminizadas y automáticas XXL de gran producción, muy elegidas por su relación precio-calidad.',
    strains: [
      s('Gorilla Glue Auto', 'auto', 40, 21, 'Gorilla Glue #4 x Ruderalis', 'Terroso, Diesel, Pino', 'Relajante, Potente'),
      s('Gorilla XXL Auto', 'auto', 35, 20, 'Gorilla Glue x Big Bud Auto', 'Terroso, Dulce, Café', 'Relajante, Feliz'),
      s(
        'Black Domina',
        'fem',
        5,
        19,
        'Northern Lights x Ortega x Hash Plant x Afghani',
        'Hachís, Terroso, Frutos rojos',
        'Relajante, Sedante',
      ),
      s('Jack 47 XXL Auto', 'auto', 60, 18, 'Jack Herer x AK-47 x Ruderalis', 'Cítrico, Pino, Especiado', 'Energizante, Social'),
      s('Critical Jack Auto', 'auto', 45, 19, 'Critical x Jack Herer x Ruderalis', 'Dulce, Cítrico, Terroso', 'Equilibrado, Feliz'),
    ],
  },
  {
    name: 'Dutch Passion',
    national: false,
    usd: true,
    basePrice: 34,
    code: 'DTP',
    palette: { dark: '#431407', light: '#f97316', accent: '#e0f2fe' },
    description:
      'Pioneros holandeses desde 1987: crearon las primeras semillas feminizadas y algunas de las primeras automáticas del mercado. Genéticas estables y de confianza.',
    strains: [
      s('Auto Blueberry', 'auto', 20, 17, 'Blueberry x Ruderalis', 'Arándano, Dulce, Frutal', 'Relajante, Feliz'),
      s('Frisian Dew', 'fem', 50, 16, 'Super Skunk x Purple Star', 'Frutal, Terroso, Dulce', 'Equilibrado, Social'),
      s('Auto Mazar', 'auto', 25, 19, 'Mazar x Ruderalis', 'Hachís, Terroso, Especiado', 'Relajante, Corporal'),
      s('Orange Bud', 'reg', 40, 16, 'Skunk #1 seleccionada', 'Naranja, Cítrico, Dulce', 'Eufórico, Social'),
      s('Skywalker Haze', 'fem', 55, 21, 'Skywalker x Amnesia Haze', 'Cítrico, Pino, Incienso', 'Equilibrado, Creativo'),
    ],
  },
  {
    name: 'SE+ Seeds',
    national: true,
    basePrice: 18000,
    code: 'SEP',
    palette: { dark: '#0c4a6e', light: '#0284c7', accent: '#fef3c7' },
    description:
      'Banco argentino de semillas seleccionadas (SE+), con genéticas adaptadas al clima local y al cultivo de balcón. Trabaja con cultivadores de todo el país para elegir cada lote.',
    strains: [
      s('Patagonia Kush', 'fem', 20, 19, 'Hindu Kush x Skunk patagónica', 'Pino, Terroso, Menta', 'Relajante, Corporal'),
      s('Mendocina Haze', 'fem', 70, 20, 'Amnesia Haze x criolla cuyana', 'Cítrico, Uva, Incienso', 'Energizante, Creativo'),
      s('Tucumana Auto', 'auto', 45, 16, 'Critical Auto x criolla del norte', 'Cítrico, Dulce, Terroso', 'Equilibrado, Feliz'),
      s('Amnesia Auto SE+', 'auto', 70, 18, 'Amnesia x Ruderalis', 'Limón, Incienso, Especiado', 'Eufórico, Creativo'),
      s('Santa Fe Critical', 'fem', 35, 18, 'Critical Mass x Skunk', 'Dulce, Terroso, Frutal', 'Relajante, Feliz'),
    ],
  },
  {
    name: 'Sweed Lab',
    national: true,
    basePrice: 17000,
    code: 'SWL',
    palette: { dark: '#3b0764', light: '#9333ea', accent: '#bef264' },
    description:
      'Laboratorio genético argentino con sede en Córdoba. Sus cruces de sabores dulces y cítricos nacen de años de selección en invernadero y en exterior serrano.',
    strains: [
      s('Lemon Lab Auto', 'auto', 60, 17, 'Lemon Haze x Ruderalis', 'Limón, Cítrico, Dulce', 'Energizante, Feliz'),
      s('Sweed Cheese', 'fem', 30, 18, 'UK Cheese x Skunk cordobesa', 'Queso, Dulce, Terroso', 'Relajante, Social'),
      s('Lab Gelato', 'fem', 40, 22, 'Gelato #33 x Sunset Sherbet', 'Crema, Frutal, Dulce', 'Feliz, Relajante'),
      s('Purple Lab', 'fem', 20, 19, 'Purple Kush x Blueberry', 'Uva, Frutos rojos, Dulce', 'Relajante, Sedante'),
      s('Mango Sweed Auto', 'auto', 50, 16, 'Mango x Ruderalis', 'Mango, Tropical, Dulce', 'Feliz, Social'),
    ],
  },
  {
    name: 'Pampa Genetics',
    national: true,
    basePrice: 16000,
    code: 'PMP',
    palette: { dark: '#422006', light: '#ca8a04', accent: '#dcfce7' },
    description:
      'Banco bonaerense que rescata genéticas criollas y las cruza con clásicas internacionales. Plantas rústicas, resistentes a la humedad de la llanura y al viento.',
    strains: [
      s('Pampa Kush', 'fem', 25, 18, 'OG Kush x criolla bonaerense', 'Terroso, Pino, Limón', 'Relajante, Feliz'),
      s('Gaucho OG', 'fem', 35, 20, 'OG Kush x Skunk #1', 'Diesel, Limón, Especiado', 'Eufórico, Relajante'),
      s('Ombú Haze', 'fem', 75, 19, 'Haze x criolla del litoral', 'Incienso, Cítrico, Madera', 'Energizante, Creativo'),
      s('Criolla Pampeana', 'reg', 60, 14, 'Criolla bonaerense seleccionada', 'Terroso, Herbal, Cítrico', 'Equilibrado, Social'),
      s('Pampa Auto', 'auto', 40, 15, 'Northern Lights Auto x criolla', 'Dulce, Terroso, Herbal', 'Relajante, Feliz'),
    ],
  },
  {
    name: 'Andes Seeds',
    national: true,
    basePrice: 15000,
    code: 'AND',
    palette: { dark: '#1c1917', light: '#57534e', accent: '#67e8f9' },
    description:
      'Banco salteño que selecciona genéticas en altura. Sus variedades toleran el frío y la radiación intensa, y desarrollan resinas y colores notables en otoño.',
    strains: [
      s('Aconcagua Auto', 'auto', 35, 16, 'Northern Lights Auto x Blueberry Auto', 'Arándano, Dulce, Pino', 'Relajante, Feliz'),
      s('Cóndor Kush', 'fem', 15, 19, 'Hindu Kush x Afghani', 'Hachís, Terroso, Pino', 'Relajante, Sedante'),
      s('Puna Haze', 'fem', 80, 18, 'Haze x criolla andina', 'Cítrico, Incienso, Especiado', 'Energizante, Cerebral'),
      s('Salta Skunk', 'reg', 40, 14, 'Skunk #1 x criolla salteña', 'Skunk, Terroso, Dulce', 'Equilibrado, Social'),
      s('Quebrada CBD', 'fem', 40, 5, 'Cannatonic x criolla', 'Herbal, Cítrico, Terroso', 'Relajante, Suave', 10),
    ],
  },
  {
    name: 'Rioplatense Seeds',
    national: true,
    basePrice: 17500,
    code: 'RIO',
    palette: { dark: '#083344', light: '#0891b2', accent: '#fde047' },
    description:
      'Banco porteño nacido en el delta del Paraná. Cruces modernos de sabores intensos pensados para cultivo urbano en interior y terrazas.',
    strains: [
      s('Delta Haze', 'fem', 70, 21, 'Super Silver Haze x Skunk', 'Cítrico, Incienso, Dulce', 'Eufórico, Creativo'),
      s('Tango Cookies', 'fem', 35, 23, 'GSC x OG Kush', 'Galleta, Dulce, Terroso', 'Feliz, Relajante'),
      s('Porteña Auto', 'auto', 50, 17, 'Critical Auto x Lemon Auto', 'Limón, Dulce, Terroso', 'Equilibrado, Social'),
      s('Mate Kush', 'fem', 25, 20, 'Master Kush x Skunk', 'Herbal, Terroso, Especiado', 'Relajante, Corporal'),
      s('Riachuelo Regular', 'reg', 45, 15, 'Skunk x Haze criolla', 'Cítrico, Skunk, Madera', 'Equilibrado, Feliz'),
    ],
  },
];
