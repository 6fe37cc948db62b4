-- The menu's category and item tax rates move from basis points to thousandths of a percent, like
-- the POS settings and order taxes in 0020 (docs/decisions.md "Menu tax rates in thousandths of a
-- percent"): 1010 (10.1%) becomes 10100; null (the category's / restaurant's rate) stays null. Item
-- versions keep snapshots and change lists with the old field name: they are converted too, so a
-- restore brings the rate back and the history reads in the same unit.
ALTER TABLE "menu_categories" RENAME COLUMN "tax_rate_bp" TO "tax_rate_milli_percent";--> statement-breakpoint
UPDATE "menu_categories" SET "tax_rate_milli_percent" = "tax_rate_milli_percent" * 10 WHERE "tax_rate_milli_percent" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" RENAME COLUMN "tax_rate_bp" TO "tax_rate_milli_percent";--> statement-breakpoint
UPDATE "menu_items" SET "tax_rate_milli_percent" = "tax_rate_milli_percent" * 10 WHERE "tax_rate_milli_percent" IS NOT NULL;--> statement-breakpoint
UPDATE "menu_item_versions" SET "snapshot" = ("snapshot" - 'taxRateBp') || jsonb_build_object('taxRateMilliPercent', CASE WHEN jsonb_typeof("snapshot" -> 'taxRateBp') = 'number' THEN to_jsonb(("snapshot" ->> 'taxRateBp')::bigint * 10) ELSE 'null'::jsonb END) WHERE "snapshot" ? 'taxRateBp';--> statement-breakpoint
UPDATE "menu_item_versions" SET "changes" = (
  SELECT jsonb_agg(CASE WHEN c ->> 'field' = 'taxRateBp' THEN jsonb_build_object(
    'field', 'taxRateMilliPercent',
    'before', CASE WHEN jsonb_typeof(c -> 'before') = 'number' THEN to_jsonb((c ->> 'before')::bigint * 10) ELSE c -> 'before' END,
    'after', CASE WHEN jsonb_typeof(c -> 'after') = 'number' THEN to_jsonb((c ->> 'after')::bigint * 10) ELSE c -> 'after' END
  ) ELSE c END ORDER BY n) FROM jsonb_array_elements("changes") WITH ORDINALITY AS e(c, n)
) WHERE "changes" @> '[{"field":"taxRateBp"}]'::jsonb;
