-- Issue 15: the storefront's page counts (visible products of some types and banks) are read from
-- this index alone, without visiting the products' rows.
CREATE INDEX "products_storefront_idx" ON "products" USING btree ("type","brand_id") WHERE "products"."available" AND "products"."deleted_at" IS NULL;
