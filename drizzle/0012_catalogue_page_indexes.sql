-- The storefront's list pages, their counts aside (kept in memory): the newest or by name within
-- a type, and the newest within a bank, read in order from an index of visible products alone
-- instead of walking every product in that order and skipping the other types and banks.
CREATE INDEX "products_type_newest_idx" ON "products" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."available" AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_type_name_idx" ON "products" USING btree ("type","name","id") WHERE "products"."available" AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_brand_newest_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."available" AND "products"."deleted_at" IS NULL;
