CREATE INDEX "coupon_redemptions_reserved_idx" ON "coupon_redemptions" USING btree ("restaurant_id","created_at") WHERE "coupon_redemptions"."status" = 'reserved';
