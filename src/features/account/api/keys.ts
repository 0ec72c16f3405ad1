/** Every query key of the customer area; screens and mutations touch the cache only through these. */
export const accountKeys = {
  all: ['account'] as const,
  orders: (id: number | undefined) => [...accountKeys.all, 'orders', id ?? null] as const,
  profiles: () => [...accountKeys.all, 'profile'] as const,
  profile: (id: number | undefined) => [...accountKeys.profiles(), id ?? null] as const,
  /** What the shopper typed, kept in memory when the session expires so signing in again loses nothing. */
  profileDraft: (id: number | undefined) => [...accountKeys.all, 'profile-draft', id ?? null] as const,
};
