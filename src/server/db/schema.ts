// The drizzle view of the tables that the SQL migrations create: one module per area, gathered here
// because drizzle takes the schema as one object.
export * from './schema/catalogue';
export * from './schema/customers';
export * from './schema/orders';
export * from './schema/store-mode';
export * from './schema/cards';
export * from './schema/pix';
export * from './schema/pix-emulator';
export * from './schema/notifications';
export * from './schema/field-measurement';
export * from './schema/work-lists';
export * from './schema/migrations';
export * from './schema/price-quotes';
