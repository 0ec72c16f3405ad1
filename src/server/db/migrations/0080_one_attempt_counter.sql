-- Store mode's attempt limits now count in rate_limits (src/server/services/rate-limit-store.ts),
-- the one fixed-window counter; their own table is no longer written.
DROP TABLE store_mode_attempts;
