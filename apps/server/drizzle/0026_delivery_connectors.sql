ALTER TABLE "delivery_connections" ADD COLUMN "platform_menu_id" text;
