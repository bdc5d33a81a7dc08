-- Stock alerts (issue 14): customers' 'Avisarme cuando haya stock' requests, and the settings and
-- memory of the shop's daily low-stock e-mail.
CREATE TABLE "stock_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"blister_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_alert_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hour" integer DEFAULT 9 NOT NULL,
	"last_run_on" date,
	"low_stock_seen" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_alert_at" timestamp with time zone,
	"last_alert_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alert_settings_single_row" CHECK ("stock_alert_settings"."id" = 1),
	CONSTRAINT "stock_alert_settings_hour_range" CHECK ("stock_alert_settings"."hour" >= 0 and "stock_alert_settings"."hour" <= 23)
);
--> statement-breakpoint
ALTER TABLE "stock_notifications" ADD CONSTRAINT "stock_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notifications" ADD CONSTRAINT "stock_notifications_blister_id_blisters_id_fk" FOREIGN KEY ("blister_id") REFERENCES "public"."blisters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alert_settings" ADD CONSTRAINT "stock_alert_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notifications_open_idx" ON "stock_notifications" USING btree ("user_id","blister_id") WHERE "stock_notifications"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_notifications_waiting_idx" ON "stock_notifications" USING btree ("blister_id") WHERE "stock_notifications"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_notifications_unsent_idx" ON "stock_notifications" USING btree ("id") WHERE "stock_notifications"."closed_at" is not null and "stock_notifications"."notified_at" is null;--> statement-breakpoint
INSERT INTO "stock_alert_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A presentation whose stock goes from 0 to more closes its open requests in the same transaction,
-- whichever write raised it (the product form, an order giving units back, an import): the row
-- lock of the stock UPDATE makes that happen once. The e-mails are sent after, by claiming
-- notified_at (src/server/modules/stock-alerts/restock.ts).
CREATE FUNCTION close_stock_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "stock_notifications" SET "closed_at" = now() WHERE "blister_id" = NEW."id" AND "closed_at" IS NULL;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "blisters_restocked" AFTER UPDATE OF "stock" ON "blisters" FOR EACH ROW
	WHEN (OLD."stock" = 0 AND NEW."stock" > 0) EXECUTE FUNCTION close_stock_notifications();
