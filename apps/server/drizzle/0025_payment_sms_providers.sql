CREATE TABLE "sms_campaign_charges" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_status" text NOT NULL,
	"last_payment_ref" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_campaign_charges" ADD CONSTRAINT "sms_campaign_charges_campaign_id_sms_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "sms_campaigns"("id") ON DELETE cascade ON UPDATE no action;
