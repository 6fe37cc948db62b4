-- tips (issue 23; written by hand: drizzle/README.md): the tip rule per restaurant, and the tips a closed pay period keeps
CREATE TABLE "tip_period_snapshots" (
	"restaurant_id" integer NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"result" jsonb NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"locked_by" integer,
	"note" text,
	CONSTRAINT "tip_period_snapshots_restaurant_id_start_day_pk" PRIMARY KEY("restaurant_id","start_day")
);
--> statement-breakpoint
CREATE TABLE "tip_rules" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"rule" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "tip_period_snapshots" ADD CONSTRAINT "tip_period_snapshots_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_rules" ADD CONSTRAINT "tip_rules_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "restaurants"("id") ON DELETE cascade ON UPDATE no action;