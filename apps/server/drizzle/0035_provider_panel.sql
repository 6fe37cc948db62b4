ALTER TABLE "bank_accounts" ADD COLUMN "microdeposit_type" text DEFAULT 'amounts' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_provider_outbox" ADD COLUMN "descriptor_code" text;
