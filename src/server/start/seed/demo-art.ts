// SVG artwork of the demo catalog: product illustrations (leaf, bud or seeds over the brand's
// colours, with the strain's name) and brand logos. Pure functions; the seed renders them.

export interface Palette {
  /** Background, dark end first. */
  dark: string;
  light: string;
  /** Badges and highlights. */
  accent: string;
}

export type Motif = 'leaf' | 'bud' | 'seeds';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';

/** A small deterministic generator, so the same seed draws the same picture. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Leaf and bud colours that follow the strain's name (Blue, Purple, Lemon…). */
function plantColours(name: string): { leaf: string; leafDark: string; pistil: string } {
  const n = name.toLowerCase();
  if (/blue|berry|cheese|dream/.test(n)) return { leaf: '#5eead4', leafDark: '#0f766e', pistil: '#fbbf24' };
  if (/purple|black|grape|domina|poison|devil/.test(n)) return { leaf: '#c084fc', leafDark: '#6b21a8', pistil: '#fb923c' };
  if (/lemon|tangerine|orange|mango|mimosa|banana|caramel/.test(n)) return { leaf: '#bef264', leafDark: '#4d7c0f', pistil: '#f97316' };
  if (/pink|cake|gelato|cookies|cream/.test(n)) return { leaf: '#86efac', leafDark: '#15803d', pistil: '#f472b6' };
  return { leaf: '#4ade80', leafDark: '#166534', pistil: '#f59e0b' };
}

/** One serrated leaflet pointing up from (0,0), `length` long. */
function leafletPath(length: number, width: number, teeth: number): string {
  const right: string[] = [];
  const left: string[] = [];
  const steps = teeth * 2;
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    const profile = Math.sin(Math.PI * Math.pow(t, 0.75)) * width;
    const w = profile * (i % 2 === 0 ? 1 : 0.82);
    const y = -t * length;
    right.push(`${w.toFixed(1)},${y.toFixed(1)}`);
    left.unshift(`${(-w).toFixed(1)},${y.toFixed(1)}`);
  }
  return `M0,0 L${right.join(' L')} L0,${(-length).toFixed(1)} L${left.join(' L')} Z`;
}

function leafMotif(c: ReturnType<typeof plantColours>): string {
  const leaflets: [number, number][] = [
    [0, 1],
    [-30, 0.86],
    [30, 0.86],
    [-62, 0.66],
    [62, 0.66],
    [-100, 0.38],
    [100, 0.38],
  ];
  const parts = leaflets.map(([angle, scale]) => {
    const path = leafletPath(250 * scale, 34 * scale + 8, 9);
    return `<g transform="rotate(${angle})"><path d="${path}" fill="url(#leafFill)" stroke="${c.leafDark}" stroke-width="3" stroke-linejoin="round"/>
      <line x1="0" y1="0" x2="0" y2="${(-235 * scale).toFixed(1)}" stroke="${c.leafDark}" stroke-width="2.5" opacity="0.55"/></g>`;
  });
  return `<defs><linearGradient id="leafFill" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${c.leafDark}"/><stop offset="1" stop-color="${c.leaf}"/></linearGradient></defs>
    <g transform="translate(400 455) scale(1.18)">
      <path d="M0,0 C6,50 -4,95 10,140" stroke="${c.leafDark}" stroke-width="10" fill="none" stroke-linecap="round"/>
      ${parts.join('\n')}
    </g>`;
}

function budMotif(c: ReturnType<typeof plantColours>, random: () => number): string {
  const calyxes: string[] = [];
  const pistils: string[] = [];
  const trichomes: string[] = [];
  // A cone of overlapping calyxes, wider at the bottom.
  for (let row = 0; row < 9; row++) {
    const y = 560 - row * 40;
    const half = 150 - row * 14;
    const count = Math.max(2, Math.round(half / 34));
    for (let i = 0; i <= count; i++) {
      const x = 400 - half + (2 * half * i) / count + (random() - 0.5) * 16;
      const r = 34 - row * 1.6 + random() * 8;
      const shade = random() > 0.5 ? c.leaf : c.leafDark;
      calyxes.push(
        `<ellipse cx="${x.toFixed(1)}" cy="${(y + (random() - 0.5) * 12).toFixed(1)}" rx="${r.toFixed(1)}" ry="${(r * 1.15).toFixed(1)}" fill="${shade}" stroke="${c.leafDark}" stroke-width="2"/>`,
      );
      if (random() > 0.45) {
        const dx = (random() - 0.5) * 60;
        pistils.push(
          `<path d="M${x.toFixed(1)},${y} q${(dx / 2).toFixed(1)},-30 ${dx.toFixed(1)},-${(30 + random() * 25).toFixed(1)}" stroke="${c.pistil}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
        );
      }
    }
  }
  for (let i = 0; i < 60; i++) {
    const y = 220 + random() * 360;
    const spread = 150 - ((560 - y) / 40) * 14;
    const x = 400 + (random() - 0.5) * 2 * Math.max(30, spread);
    trichomes.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(2 + random() * 2.5).toFixed(1)}" fill="#ffffff" opacity="0.8"/>`,
    );
  }
  const sugarLeaves = [-40, 40].map(
    (angle) => `<g transform="translate(400 600) rotate(${180 + angle})"><path d="${leafletPath(120, 22, 6)}" fill="${c.leafDark}"/></g>`,
  );
  return `${sugarLeaves.join('')}${calyxes.join('')}${pistils.join('')}${trichomes.join('')}`;
}

function seedsMotif(random: () => number): string {
  const seeds: string[] = [];
  const spots = [
    [330, 360, -25],
    [470, 350, 20],
    [400, 470, 5],
    [300, 500, -40],
    [510, 500, 35],
  ];
  for (const [x, y, angle] of spots) {
    const stripes = Array.from({ length: 5 }, (_, i) => {
      const sy = -60 + i * 26 + random() * 6;
      return `<path d="M-40,${sy.toFixed(1)} q40,${(8 + random() * 10).toFixed(1)} 80,0" stroke="#3f2a14" stroke-width="${(3 + random() * 3).toFixed(1)}" fill="none" opacity="0.7"/>`;
    });
    seeds.push(`<g transform="translate(${x} ${y}) rotate(${angle})">
      <ellipse cx="0" cy="0" rx="48" ry="70" fill="url(#seedFill)" stroke="#3f2a14" stroke-width="4"/>
      <clipPath id="seedClip${x}"><ellipse cx="0" cy="0" rx="46" ry="68"/></clipPath>
      <g clip-path="url(#seedClip${x})">${stripes.join('')}</g>
      <ellipse cx="-16" cy="-30" rx="10" ry="18" fill="#ffffff" opacity="0.35"/></g>`);
  }
  return `<defs><radialGradient id="seedFill" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="#c8a26a"/><stop offset="1" stop-color="#6b4a24"/></radialGradient></defs>${seeds.join('')}`;
}

const TYPE_BADGES = { auto: 'AUTOMÁTICA', fem: 'FEMINIZADA', reg: 'REGULAR' } as const;

export interface ProductArt {
  name: string;
  brand: string;
  type: keyof typeof TYPE_BADGES;
  /** Short line under the name, e.g. 'Indica dominante · THC 20%'. */
  subtitle: string;
  palette: Palette;
  motif: Motif;
  seed: number;
}

export function productSvg(art: ProductArt): string {
  const random = prng(art.seed);
  const colours = plantColours(art.name);
  const motif = art.motif === 'leaf' ? leafMotif(colours) : art.motif === 'bud' ? budMotif(colours, random) : seedsMotif(random);
  const rings = Array.from(
    { length: 6 },
    (_, i) =>
      `<circle cx="400" cy="400" r="${120 + i * 70}" fill="none" stroke="#ffffff" stroke-opacity="${(0.09 - i * 0.012).toFixed(3)}" stroke-width="${18 - i * 2}"/>`,
  );
  const dots = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${(random() * 800).toFixed(0)}" cy="${(random() * 800).toFixed(0)}" r="${(1.5 + random() * 3).toFixed(1)}" fill="#ffffff" opacity="${(0.08 + random() * 0.15).toFixed(2)}"/>`,
  );
  const nameSize = Math.max(38, Math.min(70, Math.floor(1150 / Math.max(8, art.name.length))));
  const brandWidth = Math.min(520, 40 + art.brand.length * 17);
  const badge = TYPE_BADGES[art.type];
  const badgeWidth = 40 + badge.length * 15;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.palette.light}"/><stop offset="1" stop-color="${art.palette.dark}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.45" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.55"/></linearGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  ${rings.join('')}
  ${dots.join('')}
  <circle cx="400" cy="390" r="300" fill="url(#glow)"/>
  ${motif}
  <rect width="800" height="800" fill="url(#shade)"/>
  <rect x="36" y="36" rx="24" width="${brandWidth}" height="48" fill="#000000" fill-opacity="0.35"/>
  <text x="60" y="69" ${FONT} font-size="24" font-weight="700" fill="#ffffff" letter-spacing="1">${escapeXml(art.brand.toUpperCase())}</text>
  <rect x="${764 - badgeWidth}" y="36" rx="24" width="${badgeWidth}" height="48" fill="${art.palette.accent}"/>
  <text x="${764 - badgeWidth / 2}" y="68" ${FONT} font-size="22" font-weight="700" fill="#111827" text-anchor="middle" letter-spacing="1">${badge}</text>
  <text x="400" y="${700 - (nameSize - 38) / 3}" ${FONT} font-size="${nameSize}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(art.name)}</text>
  <text x="400" y="752" ${FONT} font-size="26" fill="#ffffff" fill-opacity="0.85" text-anchor="middle">${escapeXml(art.subtitle)}</text>
</svg>`;
}

export function logoSvg(brand: { name: string; palette: Palette; national: boolean }): string {
  const initials =
    brand.name
      .replace(/['’]s\b/g, '')
      .split(/[\s-]+/)
      .filter((w) => /^[A-Za-zÁÉÍÓÚáéíóúÑñ+]/.test(w) && !/^(seeds?|bank|de|del|la|genetics)$/i.test(w))
      .map((w) => (w === w.toUpperCase() && w.length <= 3 ? w : w[0].toUpperCase()))
      .join('')
      .slice(0, 3) || brand.name.slice(0, 2).toUpperCase();
  const size = initials.length >= 3 ? 150 : 190;
  const leaf = `<g transform="translate(400 250) scale(0.32)">${[
    [0, 1],
    [-32, 0.8],
    [32, 0.8],
    [-65, 0.55],
    [65, 0.55],
  ]
    .map(([a, s]) => `<g transform="rotate(${a})"><path d="${leafletPath(260 * s, 40 * s + 8, 7)}" fill="${brand.palette.accent}"/></g>`)
    .join('')}</g>`;
  const nameSize = Math.min(54, Math.floor(900 / Math.max(10, brand.name.length)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><radialGradient id="lbg" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="${brand.palette.light}"/><stop offset="1" stop-color="${brand.palette.dark}"/></radialGradient></defs>
  <rect width="800" height="800" fill="url(#lbg)"/>
  <circle cx="400" cy="400" r="330" fill="none" stroke="${brand.palette.accent}" stroke-width="14"/>
  <circle cx="400" cy="400" r="300" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4" stroke-dasharray="6 14"/>
  ${leaf}
  <text x="400" y="${470 + (size - 150) / 3}" ${FONT} font-size="${size}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials)}</text>
  <text x="400" y="580" ${FONT} font-size="${nameSize}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(brand.name)}</text>
  <text x="400" y="640" ${FONT} font-size="26" fill="${brand.palette.accent}" text-anchor="middle" letter-spacing="4">${brand.national ? 'ARGENTINA' : 'SEED BANK'}</text>
</svg>`;
}
