/**
 * The database schema, one file per domain (Drizzle reads them all through this index: drizzle.config.ts,
 * db/client.ts). Migrations are generated from it with `npm run db:generate`.
 */
export * from './accounts';
export * from './catalogue';
export * from './discounts';
export * from './orders';
export * from './warranty';
export * from './repairs';
export * from './system';
export * from './counter';
export * from './units';
export * from './gift-cards';
export * from './sale-prices';
export * from './day-close';
