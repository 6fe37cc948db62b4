-- Tax rates move from basis points (hundredths of a percent) to thousandths of a percent, so New York
-- City's 8.875% can be stored (docs/decisions.md "Tax rates in thousandths of a percent"). Existing
-- rates are multiplied by ten: 1010 (10.1%) becomes 10100. In daily_tax_sales the rate is part of the
-- primary key and -1 stands for "no rate": the rates pass through negative values first, so no row
-- meets another's key on the way, and -1 stays -1.
ALTER TABLE "order_taxes" RENAME COLUMN "rate_basis_points" TO "rate_milli_percent";--> statement-breakpoint
UPDATE "order_taxes" SET "rate_milli_percent" = "rate_milli_percent" * 10 WHERE "rate_milli_percent" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_tax_sales" RENAME COLUMN "rate_basis_points" TO "rate_milli_percent";--> statement-breakpoint
UPDATE "daily_tax_sales" SET "rate_milli_percent" = -("rate_milli_percent" * 10) - 2 WHERE "rate_milli_percent" >= 0;--> statement-breakpoint
UPDATE "daily_tax_sales" SET "rate_milli_percent" = -("rate_milli_percent" + 2) WHERE "rate_milli_percent" <= -2;--> statement-breakpoint
ALTER TABLE "daily_tax_sales" RENAME CONSTRAINT "daily_tax_sales_restaurant_id_business_day_name_rate_basis_points_pk" TO "daily_tax_sales_restaurant_id_business_day_name_rate_milli_percent_pk";
