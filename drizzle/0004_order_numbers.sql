-- Order numbers without gaps: the next one comes from a counter row updated by the inserting
-- transaction, so an order that rolls back (a failed checkout) gives its number back.
-- Existing orders keep their id as their number (the one their e-mails already show).
CREATE TABLE "order_number_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_number_counter_single_row" CHECK ("order_number_counter"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "order_number_counter" ("id", "last_number") SELECT 1, coalesce(max("id"), 0) FROM "orders";
--> statement-breakpoint
CREATE FUNCTION next_order_number() RETURNS integer LANGUAGE sql VOLATILE AS $$
	UPDATE "order_number_counter" SET "last_number" = "last_number" + 1 WHERE "id" = 1 RETURNING "last_number"
$$;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer;--> statement-breakpoint
UPDATE "orders" SET "order_number" = "id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT next_order_number();--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_idx" ON "orders" USING btree ("order_number");
