DROP INDEX IF EXISTS "customers_restaurant_last_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "customers_restaurant_points_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "customers_restaurant_orders_idx";--> statement-breakpoint
CREATE INDEX "customers_restaurant_last_idx" ON "customers" USING btree ("restaurant_id","last_order_at","id");--> statement-breakpoint
CREATE INDEX "customers_restaurant_points_idx" ON "customers" USING btree ("restaurant_id","points","id");--> statement-breakpoint
CREATE INDEX "customers_restaurant_orders_idx" ON "customers" USING btree ("restaurant_id","total_orders","id");
