ALTER TABLE "delivery_orders" ALTER COLUMN "order_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD COLUMN "refused_reason" text;
--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_outcome_check" CHECK (("delivery_orders"."order_id" is not null and "delivery_orders"."refused_reason" is null) or ("delivery_orders"."order_id" is null and "delivery_orders"."refused_reason" in ('paused', 'closed')));
