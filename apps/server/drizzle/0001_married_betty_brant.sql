CREATE TABLE "daily_discount_sales" (
	"restaurant_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_discount_sales_restaurant_id_business_day_kind_name_pk" PRIMARY KEY("restaurant_id","business_day","kind","name")
);
--> statement-breakpoint
CREATE TABLE "daily_item_sales" (
	"restaurant_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"category" text NOT NULL,
	"pos_item_id" text NOT NULL,
	"item_name" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"comp_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_item_sales_restaurant_id_business_day_category_pos_item_id_pk" PRIMARY KEY("restaurant_id","business_day","category","pos_item_id")
);
--> statement-breakpoint
CREATE TABLE "daily_option_sales" (
	"restaurant_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"group_name" text NOT NULL,
	"option_name" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_option_sales_restaurant_id_business_day_group_name_option_name_pk" PRIMARY KEY("restaurant_id","business_day","group_name","option_name")
);
--> statement-breakpoint
CREATE TABLE "daily_payment_sales" (
	"restaurant_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"method" text NOT NULL,
	"card_brand" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"tip_cents" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_payment_sales_restaurant_id_business_day_method_card_brand_pk" PRIMARY KEY("restaurant_id","business_day","method","card_brand")
);
--> statement-breakpoint
CREATE TABLE "daily_sales" (
	"restaurant_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"channel" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"guest_count" integer DEFAULT 0 NOT NULL,
	"party_count" integer DEFAULT 0 NOT NULL,
	"gross_sales_cents" bigint DEFAULT 0 NOT NULL,
	"item_discount_cents" bigint DEFAULT 0 NOT NULL,
	"order_discount_cents" bigint DEFAULT 0 NOT NULL,
	"comp_cents" bigint DEFAULT 0 NOT NULL,
	"comp_quantity" integer DEFAULT 0 NOT NULL,
	"void_cents" bigint DEFAULT 0 NOT NULL,
	"void_quantity" integer DEFAULT 0 NOT NULL,
	"net_sales_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"service_charge_cents" bigint DEFAULT 0 NOT NULL,
	"tip_cents" bigint DEFAULT 0 NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"open_order_count" integer DEFAULT 0 NOT NULL,
	"voided_order_count" integer DEFAULT 0 NOT NULL,
	"turn_seconds" bigint DEFAULT 0 NOT NULL,
	"turn_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_sales_restaurant_id_business_day_channel_pk" PRIMARY KEY("restaurant_id","business_day","channel")
);
--> statement-breakpoint
CREATE TABLE "daily_tax_sales" (
	"restaurant_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"name" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"taxable_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_tax_sales_restaurant_id_business_day_name_rate_basis_points_pk" PRIMARY KEY("restaurant_id","business_day","name","rate_basis_points")
);
--> statement-breakpoint
CREATE TABLE "hourly_sales" (
	"restaurant_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"hour" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"guest_count" integer DEFAULT 0 NOT NULL,
	"net_sales_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "hourly_sales_restaurant_id_business_day_hour_pk" PRIMARY KEY("restaurant_id","business_day","hour")
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"order_id" bigint NOT NULL,
	"discount_no" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"line_no" integer,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"coupon_code" text,
	"amount_cents" bigint NOT NULL,
	"applied_by" text,
	CONSTRAINT "order_discounts_order_id_discount_no_pk" PRIMARY KEY("order_id","discount_no")
);
--> statement-breakpoint
CREATE TABLE "order_item_options" (
	"order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"option_no" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"group_name" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_item_options_order_id_line_no_option_no_pk" PRIMARY KEY("order_id","line_no","option_no")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"pos_item_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"options_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"line_discount_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"comp_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"voided" boolean NOT NULL,
	"comped" boolean NOT NULL,
	"comp_void_kind" text,
	"comp_void_by" text,
	"comp_void_reason" text,
	"comp_void_at" timestamp with time zone,
	"business_day" date NOT NULL,
	CONSTRAINT "order_items_order_id_line_no_pk" PRIMARY KEY("order_id","line_no"),
	CONSTRAINT "order_items_comp_void_check" CHECK ("order_items"."comp_void_kind" is null or "order_items"."comp_void_kind" in ('comp', 'void'))
);
--> statement-breakpoint
CREATE TABLE "order_taxes" (
	"order_id" bigint NOT NULL,
	"tax_no" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"rate_basis_points" integer,
	"taxable_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	CONSTRAINT "order_taxes_order_id_tax_no_pk" PRIMARY KEY("order_id","tax_no")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"pos_order_id" text NOT NULL,
	"order_number" text,
	"channel" text NOT NULL,
	"delivery_platform" text,
	"table_name" text,
	"party_size" integer NOT NULL,
	"server_id" text,
	"server_name" text,
	"status" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"business_day" date NOT NULL,
	"opened_hour" integer NOT NULL,
	"voided_by" text,
	"voided_reason" text,
	"voided_at" timestamp with time zone,
	"gross_sales_cents" bigint NOT NULL,
	"item_discount_cents" bigint NOT NULL,
	"order_discount_cents" bigint NOT NULL,
	"comp_cents" bigint NOT NULL,
	"void_cents" bigint NOT NULL,
	"net_sales_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"service_charge_cents" bigint NOT NULL,
	"tip_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	"comp_quantity" integer NOT NULL,
	"void_quantity" integer NOT NULL,
	"has_tax_lines" boolean NOT NULL,
	"payload_hash" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('dineIn', 'toGo', 'kiosk', 'delivery')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('open', 'closed', 'voided')),
	CONSTRAINT "orders_party_size_check" CHECK ("orders"."party_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"pos_payment_id" text NOT NULL,
	"method" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"amount_cents" bigint NOT NULL,
	"tip_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"business_day" date NOT NULL,
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'card', 'giftCard', 'thirdParty', 'other'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text,
	"paid_by" text,
	"paid_at" timestamp with time zone NOT NULL,
	"business_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_kind_check" CHECK ("payouts"."kind" in ('cash', 'deposit'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"pos_refund_id" text NOT NULL,
	"pos_payment_id" text,
	"method" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"refunded_by" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"business_day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_options" ADD CONSTRAINT "order_item_options_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_comp_void_idx" ON "order_items" USING btree ("restaurant_id","business_day","comp_void_at") WHERE "order_items"."comp_void_kind" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_restaurant_pos_order_idx" ON "orders" USING btree ("restaurant_id","pos_order_id");--> statement-breakpoint
CREATE INDEX "orders_restaurant_day_idx" ON "orders" USING btree ("restaurant_id","business_day");--> statement-breakpoint
CREATE INDEX "orders_restaurant_opened_idx" ON "orders" USING btree ("restaurant_id","opened_at");--> statement-breakpoint
CREATE INDEX "payments_restaurant_day_idx" ON "payments" USING btree ("restaurant_id","business_day","paid_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_restaurant_external_idx" ON "payouts" USING btree ("restaurant_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "payouts_restaurant_day_idx" ON "payouts" USING btree ("restaurant_id","business_day","paid_at");--> statement-breakpoint
CREATE INDEX "refunds_restaurant_day_idx" ON "refunds" USING btree ("restaurant_id","business_day","refunded_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");