ALTER TABLE "site_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;
