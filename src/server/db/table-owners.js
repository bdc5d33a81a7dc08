// Which area owns which table of schema.ts: the one place that says so. Only the owner's files
// import a table; another area calls the owner's functions (with the caller's `tx` when the work
// must share its transaction and locks). eslint.config.js turns this map into one
// `no-restricted-imports` rule per area (`tableOwnerRules`), so an import of someone else's table
// fails the lint. Tables read or written only by infrastructure (outside src/server/modules) are
// listed under no area. Plain JavaScript, as the lint configuration loads it.

/**
 * Owner → the areas (folders of src/server/modules) that act as it and the tables they own.
 * The catalog is one owner with three folders: the storefront's reads (catalog), the staff's
 * writes (admin-catalog) and the brand list (brands) are one model, products with their
 * blisters (blisters) and brands. Accounts are auth (sign-in, registration, sessions) and
 * users (the staff's customer screens) over the same user rows.
 */
export const TABLE_OWNERS = {
  catalog: { areas: ['catalog', 'admin-catalog', 'brands'], tables: ['products', 'blisters', 'brands'] },
  accounts: { areas: ['auth', 'users'], tables: ['users', 'refreshTokens', 'verificationCodes'] },
  orders: { areas: ['orders'], tables: ['orders', 'orderProducts', 'orderNumberCounter'] },
  coupons: { areas: ['coupons'], tables: ['coupons', 'couponUses'] },
  warranty: { areas: ['warranty'], tables: ['warrantyClaims'] },
  activity: { areas: ['activity'], tables: ['activityLogs'] },
  site: { areas: ['site'], tables: ['siteSettings', 'dollarRate', 'dollarRateHistory'] },
  legal: { areas: ['legal'], tables: ['legalPages', 'revocationRequests'] },
  mail: { areas: ['mail'], tables: ['mailOutbox'] },
  shipping: { areas: ['shipping'], tables: ['shippingMethods'] },
  cart: { areas: ['cart'], tables: ['carts', 'cartLines', 'cartReminders'] },
  'stock-alerts': { areas: ['stock-alerts'], tables: ['stockNotifications', 'stockAlertSettings'] },
  purchasing: { areas: ['purchasing'], tables: ['purchaseOrders', 'purchaseOrderLines', 'purchaseOrderReceipts'] },
  /** Read and written outside the areas: jobs.ts, the counter store, the signing key at start. */
  infrastructure: { areas: [], tables: ['jobRuns', 'rateLimitCounters', 'signingKey'] },
};

/**
 * The few files allowed a table of another owner, each with why. Keep this short: a new need is
 * first a function of the owner.
 */
export const TABLE_EXCEPTIONS = [
  {
    file: 'src/server/modules/orders/queries.ts',
    tables: ['users'],
    reason:
      "The order read model: a page of order DTOs shows the account's names in one statement (each line's current product, brand and blister come joined from the catalog's lineProducts and lineBlisters), and the staff search finds orders by customer name.",
  },
];

// Areas that read across owners in raw SQL, which the import rule does not see; by design, and
// the only ones: dashboard (reports: sales, rankings and stock aggregated over orders, the
// catalog and accounts in one statement each), reports and the restock planner (sales, costs
// and stock over orders and the catalog, issue 37) and backup (the whole-database copy and restore
// read and write every table).
// Below the areas, two files of the layers every area stands on touch an owner's table through
// the schema: security/caller.ts reads the account and its session (accounts) to load the caller,
// and shared/activity-log.ts writes the log (activity) inside the caller's transaction.

/** Every table of the map. */
export const ALL_TABLES = Object.values(TABLE_OWNERS).flatMap((owner) => owner.tables);

const SCHEMA_IMPORTS = ['**/db/schema', '**/db/schema.ts', '**/db/schema.js'];

function restriction(tables, area) {
  return [
    'error',
    {
      patterns: [
        {
          group: SCHEMA_IMPORTS,
          importNames: tables,
          message: `Esta tabla no es del área ${area}: usá una función de su dueño (src/server/db/table-owners.js).`,
        },
      ],
    },
  ];
}

/**
 * Flat-config entries: per area, `no-restricted-imports` of every table its owner does not own;
 * then one entry per exception, the same list minus the tables it may read. `areas` are the
 * folders of src/server/modules (an area in no owner owns nothing).
 */
export function tableOwnerRules(areas) {
  const ownTables = (area) => Object.values(TABLE_OWNERS).find((owner) => owner.areas.includes(area))?.tables ?? [];
  const foreign = (area) => ALL_TABLES.filter((table) => !ownTables(area).includes(table));
  const areaOf = (file) => file.split('/')[3];
  return [
    ...areas.map((area) => ({
      files: [`src/server/modules/${area}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restriction(foreign(area), area) },
    })),
    ...TABLE_EXCEPTIONS.map(({ file, tables }) => ({
      files: [file],
      rules: {
        'no-restricted-imports': restriction(
          foreign(areaOf(file)).filter((t) => !tables.includes(t)),
          areaOf(file),
        ),
      },
    })),
  ];
}
