CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"carrier" text NOT NULL,
	"zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rest_of_country_price" numeric(12, 2),
	"free_from" numeric(12, 2),
	"days_min" integer DEFAULT 0 NOT NULL,
	"days_max" integer DEFAULT 0 NOT NULL,
	"pickup_address" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_zip_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_province" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_details" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;