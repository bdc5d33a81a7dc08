// The whole data model of the shop (spec storefront §3 and accounts-admin §3), one file per part,
// all exported from here: the code, drizzle-kit and the table owners (table-owners.js) import this.
export * from './schema/columns';
export * from './schema/accounts';
export * from './schema/catalog';
export * from './schema/orders';
export * from './schema/shop';
export * from './schema/purchasing';
export * from './schema/cart';
