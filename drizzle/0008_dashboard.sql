ALTER TABLE "site_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_sales_idx" ON "orders" USING btree ("created_at","status","total","id");--> statement-breakpoint
DROP INDEX "order_products_order_idx";--> statement-breakpoint
CREATE INDEX "order_products_order_idx" ON "order_products" USING btree ("order_id","product_id","blister_id","quantity","price_at_time");
