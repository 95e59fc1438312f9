-- drizzle-kit does not emit CREATE EXTENSION; trigram search over course titles needs it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
