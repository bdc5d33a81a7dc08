CREATE INDEX "blisters_in_stock_idx" ON "blisters" USING btree ("product_id") WHERE "blisters"."stock" > 0;--> statement-breakpoint
CREATE INDEX "blisters_priced_idx" ON "blisters" USING btree ("product_id") WHERE "blisters"."price" > 0;--> statement-breakpoint
CREATE INDEX "products_live_idx" ON "products" USING btree ("id") WHERE "products"."deleted_at" is null;