-- Staff searches ignore accents and case on both databases: shop_fold() is lower case without
-- accents, immutable so that trigram indexes can hold it. unaccent() itself is only stable (it
-- reads its dictionary); its C function is declared again as immutable, the usual way to index
-- it, and shop_fold() stays a plain SQL function that the planner inlines. translate() with an
-- accent map would do the same ten times slower (multibyte compares on every row rechecked).
-- Its cost tells the planner that folding every row of a small table (the customers) costs more
-- than reading the trigram index.
CREATE FUNCTION shop_unaccent(regdictionary, text) RETURNS text LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT COST 50 AS '$libdir/unaccent', 'unaccent_dict';
--> statement-breakpoint
CREATE FUNCTION shop_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
	SELECT lower(public.shop_unaccent('public.unaccent'::regdictionary, $1))
$$;
--> statement-breakpoint
DROP INDEX "orders_recipient_trgm_idx";--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_recorded_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "internal_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "bank_holder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "cbu" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "alias" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "bank_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "cuit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "other_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "whatsapp_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_recorded_by_users_id_fk" FOREIGN KEY ("payment_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_products_name_trgm_idx" ON "order_products" USING gin (shop_fold("product_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (shop_fold("recipient_name" || chr(1) || "customer_email" || chr(1) || "customer_phone" || chr(1) || coalesce("customer_username", '') || chr(1) || coalesce("customer_first_name", '') || ' ' || coalesce("customer_last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (shop_fold("username" || chr(1) || "email" || chr(1) || "first_name" || ' ' || "last_name") gin_trgm_ops);