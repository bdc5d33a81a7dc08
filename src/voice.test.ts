// One voice: every text the shop shows or sends speaks to the reader as "tú" (never voseo, never
// usted) and calls an order "pedido". Reads the string literals and JSX text of the web, domain and
// server sources (pages, admin, API and zod messages, e-mails, legal page defaults), not their
// identifiers or comments, and lists each text that uses a voseo or usted form, or "orden" for an
// order. The specification's quoted texts stay as the spec writes them (SPEC_QUOTES).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_FOLDERS = ['src/web', 'src/domain', 'src/server'];

/** Texts quoted by the specification in usted or with "orden", kept word for word. */
const SPEC_QUOTES = new Set([
  // spec accounts-admin §5 profile; the e-mail checks of accounts, checkout and the legal forms share it
  'Ingrese un email válido',
  // spec accounts-admin §5 product form
  'Por favor, ingrese un nombre para la marca',
  // spec accounts-admin §5 maintenance and bypass
  'Por favor ingrese una contraseña',
  'Debe ingresar un valor válido mayor que cero',
  // spec accounts-admin §2 maintenance page
  'Estamos realizando mejoras en nuestro sistema. Disculpe las molestias.',
  'Error al redirigir. Por favor intente nuevamente.',
  // spec storefront §8 error catalogue
  '¡Orden creada exitosamente! Te enviaremos un email con los detalles y próximos pasos.',
  'Error al procesar la orden',
  // spec accounts-admin §9 action filter labels
  'Órdenes',
]);

// Voseo, built from each verb's infinitive: the imperative ("elegí", "revisá", "tené"), the present
// ("tenés", "podés"), and the imperative with pronouns ("cancelalo", "escribinos", "pedíselo").
// The tú forms differ in the stem or the accent ("elige", "revisa", "cancélalo", "escríbenos").
const VOSEO_VERBS = [
  'aceptar activar agregar ajustar anotar aplicar apretar avisar borrar buscar cambiar cancelar cargar',
  'cerrar chequear comprar completar configurar confirmar consultar contar coordinar copiar crear cuidar',
  'dejar descargar desactivar editar eliminar empezar encontrar enviar esperar exportar guardar',
  'habilitar importar indicar ingresar intentar llamar llenar mandar marcar mirar mostrar necesitar',
  'ocultar pagar pasar presionar probar quitar recargar recordar registrar reservar restaurar retirar',
  'revisar revocar seleccionar sumar tildar tocar usar verificar visitar',
  'conocer deber devolver entender hacer leer mover poder poner querer responder saber tener volver',
  'abrir añadir compartir corregir cumplir decir definir describir dividir elegir escribir imprimir',
  'incluir pedir permitir preferir recibir repetir salir seguir subir suscribir venir',
]
  .join(' ')
  .split(' ');
/** Verbs whose voseo imperative also takes "te" ("fijate", "registrate"). */
const REFLEXIVE_VERBS = ['acordar', 'anotar', 'asegurar', 'comunicar', 'fijar', 'olvidar', 'quedar', 'registrar', 'suscribir'];
const PRONOUNS = ['lo', 'la', 'los', 'las', 'le', 'les', 'me', 'nos'];
const DOUBLE_PRONOUNS = ['selo', 'sela', 'selos', 'selas', 'melo', 'mela', 'noslo', 'nosla'];
const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í' };

function voseoForms(infinitive: string, reflexive: boolean): string[] {
  const stem = infinitive.slice(0, -1); // "revisa", "tene", "elegi"
  const imperative = stem.slice(0, -1) + ACCENTED[stem.at(-1)!]; // "revisá", "tené", "elegí"
  return [
    imperative,
    `${imperative}s`,
    ...PRONOUNS.map((p) => stem + p),
    ...(reflexive ? [`${stem}te`] : []),
    ...DOUBLE_PRONOUNS.map((p) => imperative + p),
  ];
}

const VOSEO_WORDS = new Set([
  ...VOSEO_VERBS.flatMap((verb) => voseoForms(verb, false)),
  ...REFLEXIVE_VERBS.flatMap((verb) => voseoForms(verb, true)),
  'vos',
  'sos',
  'andá',
  'hacé',
  'decí',
]);
// "estás", "dé" and the like are tú as well; a verb missing above is added to its list.

/** Usted: its pronoun and imperatives ("Ingrese", "Disculpe"). */
const USTED_WORDS = new Set(
  (
    'usted ustedes ingrese ingresen seleccione elija verifique intente inténtelo inicie escriba escríbanos ' +
    'contáctenos contactenos comuníquese disculpe revise confirme espere asegúrese regístrese introduzca ' +
    'presione diríjase hágalo recuérdelo'
  ).split(' '),
);
const USTED_PHRASES = [
  /(?:^|[.!?¡¿]\s+)Debe\s+\p{L}+r(?!\p{L})/u, // "Debe ingresar…" to the reader
  /(?<!\p{L})tenga en cuenta(?!\p{L})/iu,
  /(?<!\p{L})le\s+(?:recordamos|informamos|enviamos|enviaremos|avisamos|avisaremos|agradecemos|pedimos|sugerimos)(?!\p{L})/iu,
];

/** "Orden" as an order (a purchase), not as a sort order ("el orden", "Orden inválido" of a list). */
const ORDER_AS_PURCHASE = [
  /(?<!\p{L})[óo]rdenes(?!\p{L})/iu,
  /(?<!\p{L})(?:la|una|tu|mi|esta|cada|otra|nueva)\s+orden(?!\p{L})/iu,
  /(?<!\p{L})orden\s+(?:creada|confirmada|cancelada|enviada|pagada|recibida|nueva|#|n[°º.]|de compra)/iu,
  /^Orden$/, // a label; the catalogue's lowercase "orden" is a link parameter
];

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(relative);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield relative;
  }
}

/** The texts a file holds: string literals, template parts and JSX text, without import paths. */
function* textsOf(file: string): Generator<{ text: string; raw: string; start: number; source: ts.SourceFile }> {
  const content = readFileSync(path.join(ROOT, file), 'utf8');
  if (!mayHoldForms(content)) return; // parsing every file took seconds
  const source = ts.createSourceFile(file, content, ts.ScriptTarget.Latest);
  const visit = function* (node: ts.Node): Generator<{ text: string; raw: string; start: number; source: ts.SourceFile }> {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text) yield { text, raw: node.getText(source), start: node.getStart(source), source };
    }
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => void children.push(child));
    for (const child of children) yield* visit(child);
  };
  yield* visit(source);
}

/** A cheap look at the whole file: whether any of its words or phrases could be a form. */
function mayHoldForms(content: string): boolean {
  const words = content.match(/\p{L}+/gu) ?? [];
  return (
    words.some((w) => VOSEO_WORDS.has(w.toLowerCase()) || USTED_WORDS.has(w.toLowerCase())) ||
    [...USTED_PHRASES, /Debe\s/, /[óo]rden/i].some((pattern) => pattern.test(content))
  );
}

/**
 * A purchase order to a seed bank is an "orden de compra" (OC-12), the supplier's own word, on the
 * purchasing pages and rules only; a customer's order is always a "pedido".
 */
const PURCHASING_FILE = /(?:^|\/)purchasing(?:\/|\.ts$)/;
const PURCHASE_ORDER_TERM = /(?<!\p{L})[óo]rden(?:es)?\s+de\s+compra(?!\p{L})/giu;

function formsIn(raw: string, file = ''): string[] {
  const text = PURCHASING_FILE.test(file) ? raw.replace(PURCHASE_ORDER_TERM, 'compra') : raw;
  if (SPEC_QUOTES.has(text)) return [];
  const words = (text.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase());
  return [
    ...words.filter((w) => VOSEO_WORDS.has(w) || USTED_WORDS.has(w)),
    ...[...USTED_PHRASES, ...ORDER_AS_PURCHASE].flatMap((pattern) => text.match(pattern)?.[0].trim() ?? []),
  ];
}

function findings(): string[] {
  const found: string[] = [];
  for (const folder of SOURCE_FOLDERS)
    for (const file of sourceFiles(folder))
      for (const { text, raw, start, source } of textsOf(file)) {
        let from = 0;
        for (const form of formsIn(text, file)) {
          // The line of the form itself: a legal page's default text spans dozens of lines.
          const word = new RegExp(`(?<!\\p{L})${form.split(/\s+/)[0]}(?!\\p{L})`, 'giu');
          word.lastIndex = from;
          const at = word.exec(raw)?.index ?? -1;
          from = at < 0 ? from : at + 1;
          const { line } = source.getLineAndCharacterOfPosition(start + Math.max(at, 0));
          const context = raw.slice(Math.max(at, 0), Math.max(at, 0) + 80).replace(/\s+/g, ' ');
          found.push(`${file}:${line + 1}: «${form}» in "${context}"`);
        }
      }
  return found;
}

describe('one voice', () => {
  it('recognises voseo, usted and "orden" for an order, and lets tú and sort orders pass', () => {
    expect(formsIn('¿Tenés un cupón?')).toEqual(['tenés']);
    expect(formsIn('Elegí la provincia')).toEqual(['elegí']);
    expect(formsIn('Para cambiarlo, cancelalo o escribinos')).toEqual(['cancelalo', 'escribinos']);
    expect(formsIn('Si la necesitás, pedíselo al dueño')).toEqual(['necesitás', 'pedíselo']);
    expect(formsIn('coordinamos la entrega con vos')).toEqual(['vos']);
    expect(formsIn('Por favor intente de nuevo')).toEqual(['intente']);
    expect(formsIn('Debe ingresar un monto')).toEqual(['Debe ingresar']);
    expect(formsIn('Tu orden fue enviada')).toEqual(['Tu orden']);
    expect(formsIn('Orden')).toEqual(['Orden']);
    expect(formsIn('Tu orden de compra', 'src/web/features/cart/CheckoutForm.tsx')).toEqual(['Tu orden', 'orden de compra']);
    expect(formsIn('Órdenes de compra a los bancos', 'src/web/features/admin/purchasing/PurchaseOrdersPage.tsx')).toEqual([]);
    expect(formsIn('la orden de compra OC-3', 'src/domain/purchasing.ts')).toEqual([]);
    for (const tu of [
      '¿Tienes un cupón? Elige la provincia e ingresa el código.',
      'Cancélalo o escríbenos; pídeselo al dueño.',
      'Si estás de acuerdo, aquí verás que el pedido está pagado.',
      'El nombre debe tener al menos 2 caracteres',
      'El orden de esta lista',
      'Orden inválido',
      'orden',
      'create update delete animate',
      'Compré en esta tienda',
    ])
      expect(formsIn(tu), tu).toEqual([]);
  });

  it('every text the shop shows or sends speaks as tú and says "pedido"', () => {
    expect(findings()).toEqual([]);
  });
});
