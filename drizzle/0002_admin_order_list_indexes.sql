DROP INDEX "orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_open_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("username" || chr(1) || "email" || chr(1) || "first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);