CREATE TABLE "daily_restaurant_sales" (
	"restaurant_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"guest_count" integer DEFAULT 0 NOT NULL,
	"net_sales_cents" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_restaurant_sales_restaurant_id_business_day_pk" PRIMARY KEY("restaurant_id","business_day")
);--> statement-breakpoint
-- The days already filed: daily_sales summed over its channels (orders.repository applyRollups keeps it so from now on).
INSERT INTO "daily_restaurant_sales" ("restaurant_id", "business_day", "order_count", "guest_count", "net_sales_cents", "refund_count", "refund_cents", "discount_cents")
SELECT "restaurant_id", "business_day", sum("order_count"), sum("guest_count"), sum("net_sales_cents"), sum("refund_count"), sum("refund_cents"), sum("item_discount_cents" + "order_discount_cents")
FROM "daily_sales"
GROUP BY "restaurant_id", "business_day"
ORDER BY "restaurant_id", "business_day";
;--> statement-breakpoint
-- Loyalty rewards (issue 24): each coupon redemption gets its own single-use code, kept on its ledger row
-- and as a coupon code the POS can apply once (coupon_codes.points_entry_id names the redemption).
ALTER TABLE "points_ledger" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD COLUMN "points_entry_id" bigint;
