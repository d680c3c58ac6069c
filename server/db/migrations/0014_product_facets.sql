-- A report filtered by one product reads sums too: each rollup gains a facet per saved product
-- ('i:<product id>', the receipts with a line of it), built here from the projected receipts.
INSERT INTO "sales_daily" (company_id, facet, date, operator_key, operator_id, operator_name,
    status, receipts, total_excl, tax, total_incl, discount, a_net, a_tax, c_net, c_tax, d_net,
    d_tax, e_net, e_tax, pay_cash, pay_cheque, pay_ccard, pay_emoney, pay_invoice)
  SELECT s.company_id, f.facet, s.date, coalesce(s.operator_id::text, ''), s.operator_id,
    max(s.operator_name collate "C"), s.status, count(*), sum(s.total_excl), sum(s.tax),
    sum(s.total_incl), sum(s.discount), coalesce(sum(s.a_net), 0), coalesce(sum(s.a_tax), 0),
    coalesce(sum(s.c_net), 0), coalesce(sum(s.c_tax), 0), coalesce(sum(s.d_net), 0),
    coalesce(sum(s.d_tax), 0), coalesce(sum(s.e_net), 0), coalesce(sum(s.e_tax), 0),
    sum(s.pay_cash), sum(s.pay_cheque), sum(s.pay_ccard), sum(s.pay_emoney), sum(s.pay_invoice)
  FROM "sales" s
  JOIN (SELECT DISTINCT company_id, invoice_id, 'i:' || product_id AS facet FROM "sale_lines"
    WHERE product_id IS NOT NULL) f ON f.company_id = s.company_id AND f.invoice_id = s.invoice_id
  GROUP BY s.company_id, f.facet, s.date, s.operator_id, s.status;--> statement-breakpoint
INSERT INTO "sales_hours" (company_id, facet, slot, weekday, hour, operator_key, status,
    receipts, total_incl)
  SELECT s.company_id, f.facet, x.slot, s.weekday, s.hour, coalesce(s.operator_id::text, ''),
    s.status, count(*), sum(s.total_incl)
  FROM "sales" s
  JOIN (SELECT DISTINCT company_id, invoice_id, 'i:' || product_id AS facet FROM "sale_lines"
    WHERE product_id IS NOT NULL) f ON f.company_id = s.company_id AND f.invoice_id = s.invoice_id
  CROSS JOIN LATERAL (values ('d' || s.date), ('m' || substr(s.date, 1, 7))) x(slot)
  GROUP BY s.company_id, f.facet, x.slot, s.weekday, s.hour, s.operator_id, s.status;--> statement-breakpoint
INSERT INTO "sales_products" (company_id, facet, slot, product_key, product_id, name, lines,
    quantity, amount)
  SELECT s.company_id, f.facet, x.slot, l.product_key, max(l.product_id::text)::uuid,
    max(l.description collate "C"), count(*), sum(l.quantity), sum(l.amount)
  FROM "sales" s
  JOIN (SELECT DISTINCT company_id, invoice_id, 'i:' || product_id AS facet FROM "sale_lines"
    WHERE product_id IS NOT NULL) f ON f.company_id = s.company_id AND f.invoice_id = s.invoice_id
  JOIN "sale_lines" l ON l.company_id = s.company_id AND l.invoice_id = s.invoice_id
  CROSS JOIN LATERAL (values ('d' || s.date), ('m' || substr(s.date, 1, 7))) x(slot)
  GROUP BY s.company_id, f.facet, x.slot, l.product_key;--> statement-breakpoint
INSERT INTO "sales_customers" (company_id, facet, slot, customer_key, customer_id, name,
    receipts, total_incl)
  SELECT s.company_id, f.facet, x.slot, s.customer_key, max(s.customer_id::text)::uuid,
    max(s.customer_name collate "C"), count(*), sum(s.total_incl)
  FROM "sales" s
  JOIN (SELECT DISTINCT company_id, invoice_id, 'i:' || product_id AS facet FROM "sale_lines"
    WHERE product_id IS NOT NULL) f ON f.company_id = s.company_id AND f.invoice_id = s.invoice_id
  CROSS JOIN LATERAL (values ('d' || s.date), ('m' || substr(s.date, 1, 7))) x(slot)
  GROUP BY s.company_id, f.facet, x.slot, s.customer_key;
