ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_permissions" text[];--> statement-breakpoint
-- Written by hand (keep at the end when regenerating): existing staff keep exactly the access
-- they had. Superusers become the owner; other staff get a custom role with every permission but
-- the owner's (legacyRole in src/domain/staff-roles.ts).
UPDATE "users" SET "staff_role" = 'owner', "is_staff" = true WHERE "is_superuser";--> statement-breakpoint
UPDATE "users" SET "staff_role" = 'custom', "staff_permissions" = ARRAY['can_manage_orders', 'can_manage_products', 'can_manage_settings', 'can_manage_users', 'can_manage_warranty', 'can_ship_orders', 'can_view_activity', 'can_view_dashboard', 'can_view_orders']::text[] WHERE "is_staff" AND NOT "is_superuser";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_known" CHECK ("staff_role" in ('owner', 'admin', 'warehouse', 'catalog', 'custom'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_is_staff_follows_role" CHECK ("is_staff" = ("staff_role" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_is_superuser_follows_role" CHECK ("is_superuser" = ("staff_role" is not distinct from 'owner'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_custom_permissions" CHECK (("staff_role" is not distinct from 'custom') = ("staff_permissions" is not null));
