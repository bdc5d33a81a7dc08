ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_recorded_by" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "max_pending_orders" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_recorded_by_users_id_fk" FOREIGN KEY ("refund_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_refunded_idx" ON "orders" USING btree ("refunded_at") WHERE "orders"."refunded_at" is not null;--> statement-breakpoint
-- Orders cancelled after a payment was recorded owe it back until staff record the refund.
UPDATE "orders" SET "refund_status" = 'owed', "refund_amount" = coalesce("payment_amount", "total")
  WHERE "status" = 'cancelled' AND "paid_at" IS NOT NULL;
