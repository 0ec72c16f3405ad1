// The drizzle view of the tables that the SQL migrations create. One module per area, gathered here.
export * from './schema/catalogue';
