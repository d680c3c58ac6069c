-- The product and customer sums are kept per status, as the day and hour sums are, instead of
-- in a facet of their own per status: a report filtered by a status and one more filter (one
-- product's issued receipts) reads sums, not every receipt of the product and their lines.
-- The sums are rebuilt from the projected receipts.
ALTER TABLE "sales_customers" DROP CONSTRAINT "sales_customers_company_id_facet_slot_customer_key_pk";--> statement-breakpoint
ALTER TABLE "sales_products" DROP CONSTRAINT "sales_products_company_id_facet_slot_product_key_pk";--> statement-breakpoint
DELETE FROM "sales_customers";--> statement-breakpoint
DELETE FROM "sales_products";--> statement-breakpoint
ALTER TABLE "sales_customers" ADD COLUMN "status" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_products" ADD COLUMN "status" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_customers" ADD CONSTRAINT "sales_customers_company_id_facet_slot_customer_key_status_pk" PRIMARY KEY("company_id","facet","slot","customer_key","status");--> statement-breakpoint
ALTER TABLE "sales_products" ADD CONSTRAINT "sales_products_company_id_facet_slot_product_key_status_pk" PRIMARY KEY("company_id","facet","slot","product_key","status");--> statement-breakpoint
INSERT INTO "sales_products" (company_id, facet, slot, product_key, product_id, name, status,
    lines, quantity, amount)
  SELECT s.company_id, f.facet, x.slot, l.product_key, max(l.product_id::text)::uuid,
    max(l.description collate "C"), s.status, count(*), sum(l.quantity), sum(l.amount)
  FROM "sales" s
  JOIN "sale_lines" l ON l.company_id = s.company_id AND l.invoice_id = s.invoice_id
  CROSS JOIN LATERAL (values ('d' || s.date), ('m' || substr(s.date, 1, 7))) x(slot)
  CROSS JOIN LATERAL unnest(array['', case when s.pay_cash > 0 then 'p:CASH' end,
    case when s.pay_cheque > 0 then 'p:CHEQUE' end, case when s.pay_ccard > 0 then 'p:CCARD' end,
    case when s.pay_emoney > 0 then 'p:EMONEY' end, case when s.pay_invoice > 0 then 'p:INVOICE' end,
    case when s.a_net is not null then 't:A' end, case when s.c_net is not null then 't:C' end,
    case when s.d_net is not null then 't:D' end, case when s.e_net is not null then 't:E' end,
    'o:' || coalesce(s.operator_id::text, '')] || array(SELECT DISTINCT 'i:' || pl.product_id
      FROM "sale_lines" pl WHERE pl.company_id = s.company_id AND pl.invoice_id = s.invoice_id
        AND pl.product_id IS NOT NULL)) f(facet)
  WHERE f.facet IS NOT NULL
  GROUP BY s.company_id, f.facet, x.slot, l.product_key, s.status;--> statement-breakpoint
INSERT INTO "sales_customers" (company_id, facet, slot, customer_key, customer_id, name, status,
    receipts, total_incl)
  SELECT s.company_id, f.facet, x.slot, s.customer_key, max(s.customer_id::text)::uuid,
    max(s.customer_name collate "C"), s.status, count(*), sum(s.total_incl)
  FROM "sales" s
  CROSS JOIN LATERAL (values ('d' || s.date), ('m' || substr(s.date, 1, 7))) x(slot)
  CROSS JOIN LATERAL unnest(array['', case when s.pay_cash > 0 then 'p:CASH' end,
    case when s.pay_cheque > 0 then 'p:CHEQUE' end, case when s.pay_ccard > 0 then 'p:CCARD' end,
    case when s.pay_emoney > 0 then 'p:EMONEY' end, case when s.pay_invoice > 0 then 'p:INVOICE' end,
    case when s.a_net is not null then 't:A' end, case when s.c_net is not null then 't:C' end,
    case when s.d_net is not null then 't:D' end, case when s.e_net is not null then 't:E' end,
    'o:' || coalesce(s.operator_id::text, '')] || array(SELECT DISTINCT 'i:' || pl.product_id
      FROM "sale_lines" pl WHERE pl.company_id = s.company_id AND pl.invoice_id = s.invoice_id
        AND pl.product_id IS NOT NULL)) f(facet)
  WHERE f.facet IS NOT NULL
  GROUP BY s.company_id, f.facet, x.slot, s.customer_key, s.status;
