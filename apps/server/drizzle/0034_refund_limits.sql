-- Refunds take their net sales and tax off the report on the business day they were made (issue 23).
-- Each refund row carries the part of it that was net sales and the part that was tax.
ALTER TABLE "refunds" ADD COLUMN "net_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Office refunds: their own split (net without the service charge's share).
UPDATE "refunds" r SET
  "net_cents" = CASE WHEN f."scope" = 'lines' OR o."net_sales_cents" + o."service_charge_cents" <= 0 THEN f."net_cents"
    ELSE floor(f."net_cents"::numeric * o."net_sales_cents" / (o."net_sales_cents" + o."service_charge_cents"))::bigint END,
  "tax_cents" = f."tax_cents"
FROM "office_refunds" f, "orders" o
WHERE r."pos_refund_id" = 'office-' || f."id" AND r."order_id" = f."order_id" AND o."id" = r."order_id";--> statement-breakpoint
-- POS refunds: in the order's proportions of net sales, service charge, tax and tip.
UPDATE "refunds" r SET
  "net_cents" = floor(r."amount_cents"::numeric * o."net_sales_cents"
    / (o."net_sales_cents" + o."service_charge_cents" + o."tax_cents" + o."tip_cents"))::bigint,
  "tax_cents" = floor(r."amount_cents"::numeric * o."tax_cents"
    / (o."net_sales_cents" + o."service_charge_cents" + o."tax_cents" + o."tip_cents"))::bigint
FROM "orders" o
WHERE o."id" = r."order_id" AND r."pos_refund_id" NOT LIKE 'office-%'
  AND o."net_sales_cents" + o."service_charge_cents" + o."tax_cents" + o."tip_cents" > 0;--> statement-breakpoint
-- The rollups as the new definition files them (orders.repository applyRollups).
INSERT INTO "daily_sales" AS t ("restaurant_id", "business_day", "channel", "net_sales_cents", "tax_cents")
SELECT r."restaurant_id", r."business_day", o."channel", -sum(r."net_cents"), -sum(r."tax_cents")
FROM "refunds" r JOIN "orders" o ON o."id" = r."order_id"
WHERE o."status" = 'closed' AND (r."net_cents" <> 0 OR r."tax_cents" <> 0)
GROUP BY r."restaurant_id", r."business_day", o."channel"
ON CONFLICT ("restaurant_id", "business_day", "channel") DO UPDATE SET
  "net_sales_cents" = t."net_sales_cents" + excluded."net_sales_cents", "tax_cents" = t."tax_cents" + excluded."tax_cents";--> statement-breakpoint
INSERT INTO "daily_tax_sales" AS t ("restaurant_id", "business_day", "name", "rate_milli_percent", "taxable_cents", "tax_cents")
SELECT "restaurant_id", "business_day", "name", "rate", -sum("taxable"), -sum("tax") FROM (
  SELECT "restaurant_id", "business_day", "name", "rate",
    CASE WHEN "rn" = 1 THEN "whole_taxable" - sum("taxable_share") OVER (PARTITION BY "refund_id") + "taxable_share" ELSE "taxable_share" END AS "taxable",
    CASE WHEN "rn" = 1 THEN "whole_tax" - sum("tax_share") OVER (PARTITION BY "refund_id") + "tax_share" ELSE "tax_share" END AS "tax"
  FROM (
    SELECT r."id" AS "refund_id", r."restaurant_id", r."business_day", tx."name", coalesce(tx."rate_milli_percent", -1) AS "rate",
      r."net_cents" AS "whole_taxable", r."tax_cents" AS "whole_tax",
      coalesce(floor(r."net_cents"::numeric * tx."taxable_cents" / nullif(sum(tx."taxable_cents") OVER (PARTITION BY r."id"), 0)), 0)::bigint AS "taxable_share",
      coalesce(floor(r."tax_cents"::numeric * tx."tax_cents" / nullif(sum(tx."tax_cents") OVER (PARTITION BY r."id"), 0)), 0)::bigint AS "tax_share",
      row_number() OVER (PARTITION BY r."id" ORDER BY tx."tax_no") AS "rn"
    FROM "refunds" r JOIN "orders" o ON o."id" = r."order_id" JOIN "order_taxes" tx ON tx."order_id" = r."order_id"
    WHERE o."status" = 'closed' AND o."has_tax_lines"
  ) y
  UNION ALL
  SELECT r."restaurant_id", r."business_day", '', -1, r."net_cents", r."tax_cents"
  FROM "refunds" r JOIN "orders" o ON o."id" = r."order_id"
  WHERE o."status" = 'closed' AND NOT o."has_tax_lines" AND o."tax_cents" > 0
) x
WHERE "taxable" <> 0 OR "tax" <> 0
GROUP BY "restaurant_id", "business_day", "name", "rate"
ON CONFLICT ("restaurant_id", "business_day", "name", "rate_milli_percent") DO UPDATE SET
  "taxable_cents" = t."taxable_cents" + excluded."taxable_cents", "tax_cents" = t."tax_cents" + excluded."tax_cents";
