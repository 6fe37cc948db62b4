import { sql, type SQL } from 'drizzle-orm';

/**
 * Where a refund's tax goes in the taxes report (issue 23 "Reports"): onto the order's tax lines in
 * proportion to each line's tax (and the refund's net sales in proportion to each line's taxable
 * amount), floors with the cents left over on the first line, so the parts add up to the refund's
 * tax and net exactly; an order whose POS sent no tax lines files it under no name, as its sale was.
 * `where` filters `refunds r join orders o` (the caller decides closed, day and scope). Answers
 * rows (name, rate, taxable, tax) with positive amounts: the caller subtracts them.
 */
export function refundTaxShares(where: SQL): SQL {
  return sql`select name, rate,
        case when rn = 1 then whole_taxable - sum(taxable_share) over (partition by refund_id) + taxable_share
          else taxable_share end as taxable,
        case when rn = 1 then whole_tax - sum(tax_share) over (partition by refund_id) + tax_share
          else tax_share end as tax,
        restaurant_id, business_day
      from (
        select r.id as refund_id, r.restaurant_id, r.business_day, tx.name, coalesce(tx.rate_milli_percent, -1) as rate,
          r.net_cents as whole_taxable, r.tax_cents as whole_tax,
          coalesce(floor(r.net_cents::numeric * tx.taxable_cents
            / nullif(sum(tx.taxable_cents) over (partition by r.id), 0)), 0)::int8 as taxable_share,
          coalesce(floor(r.tax_cents::numeric * tx.tax_cents
            / nullif(sum(tx.tax_cents) over (partition by r.id), 0)), 0)::int8 as tax_share,
          row_number() over (partition by r.id order by tx.tax_no) as rn
        from refunds r join orders o on o.id = r.order_id join order_taxes tx on tx.order_id = r.order_id
        where ${where} and o.has_tax_lines
      ) shares
      union all
      select '', -1, r.net_cents, r.tax_cents, r.restaurant_id, r.business_day
      from refunds r join orders o on o.id = r.order_id
      where ${where} and not o.has_tax_lines and o.tax_cents > 0`;
}

/**
 * The net sales part of an office refund `f` of order `o`: a refund of lines is the lines' net; an
 * amount or the whole order was split into net with the service charge, tax and tip, so the service
 * charge's share is taken out here (service charge is not sales).
 */
export const OFFICE_REFUND_NET = sql`case when f.scope = 'lines' or o.net_sales_cents + o.service_charge_cents <= 0
  then f.net_cents
  else floor(f.net_cents::numeric * o.net_sales_cents / (o.net_sales_cents + o.service_charge_cents))::int8 end`;

/**
 * The local hour a refund `r` was made, in its restaurant `rest`'s time zone: the hour a refund's net
 * sales leave the hourly trend (orders count at the hour they were opened).
 */
export const REFUND_HOUR = sql`extract(hour from r.refunded_at at time zone coalesce(rest.time_zone, 'UTC'))::int`;
