-- Rate-limit counters shared by every server process on this database (issue 15): one row per key
-- (an address, an account, both) with its hits inside the window as epoch milliseconds, at most
-- the rule's maximum of them. Rows whose window has passed are deleted in small batches by the
-- processes themselves (src/server/counters/postgres.ts).
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"allowed" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");
