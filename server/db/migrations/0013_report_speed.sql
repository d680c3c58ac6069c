-- Filtered sales reports read sums too: each rollup gains a facet (the receipts a filter picks),
-- and the sums are rebuilt from the projected receipts so that every facet starts complete.
ALTER TABLE "sales_customers" DROP CONSTRAINT "sales_customers_company_id_slot_customer_key_pk";--> statement-breakpoint
ALTER TABLE "sales_daily" DROP CONSTRAINT "sales_daily_company_id_date_operator_key_status_pk";--> statement-breakpoint
ALTER TABLE "sales_hours" DROP CONSTRAINT "sales_hours_company_id_slot_weekday_hour_operator_key_status_pk";--> statement-breakpoint
ALTER TABLE "sales_products" DROP CONSTRAINT "sales_products_company_id_slot_product_key_pk";--> statement-breakpoint
ALTER TABLE "sales_customers" ADD COLUMN "facet" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD COLUMN "facet" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_hours" ADD COLUMN "facet" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_products" ADD COLUMN "facet" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_products" ADD COLUMN "lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DELETE FROM "sales_customers";--> statement-breakpoint
DELETE FROM "sales_daily";--> statement-breakpoint
DELETE FROM "sales_hours";--> statement-breakpoint
DELETE FROM "sales_products";--> statement-breakpoint
ALTER TABLE "sales_customers" ADD CONSTRAINT "sales_customers_company_id_facet_slot_customer_key_pk" PRIMARY KEY("company_id","facet","slot","customer_key");--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_company_id_facet_date_operator_key_status_pk" PRIMARY KEY("company_id","facet","date","operator_key","status");--> statement-breakpoint
ALTER TABLE "sales_hours" ADD CONSTRAINT "sales_hours_company_id_facet_slot_weekday_hour_operator_key_status_pk" PRIMARY KEY("company_id","facet","slot","weekday","hour","operator_key","status");--> statement-breakpoint
ALTER TABLE "sales_products" ADD CONSTRAINT "sales_products_company_id_facet_slot_product_key_pk" PRIMARY KEY("company_id","facet","slot","product_key");--> statement-breakpoint
DROP INDEX "sale_lines_company_product_idx";--> statement-breakpoint
CREATE INDEX "sale_lines_company_product_idx" ON "sale_lines" USING btree ("company_id","product_id","date","invoice_id") WHERE "sale_lines"."product_id" is not null;--> statement-breakpoint
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
  CROSS JOIN LATERAL unnest(array['', case when s.pay_cash > 0 then 'p:CASH' end,
    case when s.pay_cheque > 0 then 'p:CHEQUE' end, case when s.pay_ccard > 0 then 'p:CCARD' end,
    case when s.pay_emoney > 0 then 'p:EMONEY' end, case when s.pay_invoice > 0 then 'p:INVOICE' end,
    case when s.a_net is not null then 't:A' end, case when s.c_net is not null then 't:C' end,
    case when s.d_net is not null then 't:D' end, case when s.e_net is not null then 't:E' end]) f(facet)
  WHERE f.facet IS NOT NULL
  GROUP BY s.company_id, f.facet, s.date, s.operator_id, s.status;--> statement-breakpoint
INSERT INTO "sales_hours" (company_id, facet, slot, weekday, hour, operator_key, status,
    receipts, total_incl)
  SELECT s.company_id, f.facet, x.slot, s.weekday, s.hour, coalesce(s.operator_id::text, ''),
    s.status, count(*), sum(s.total_incl)
  FROM "sales" s
  CROSS JOIN LATERAL (values ('d' || s.date), ('m' || substr(s.date, 1, 7))) x(slot)
  CROSS JOIN LATERAL unnest(array['', case when s.pay_cash > 0 then 'p:CASH' end,
    case when s.pay_cheque > 0 then 'p:CHEQUE' end, case when s.pay_ccard > 0 then 'p:CCARD' end,
    case when s.pay_emoney > 0 then 'p:EMONEY' end, case when s.pay_invoice > 0 then 'p:INVOICE' end,
    case when s.a_net is not null then 't:A' end, case when s.c_net is not null then 't:C' end,
    case when s.d_net is not null then 't:D' end, case when s.e_net is not null then 't:E' end]) f(facet)
  WHERE f.facet IS NOT NULL
  GROUP BY s.company_id, f.facet, x.slot, s.weekday, s.hour, s.operator_id, s.status;--> statement-breakpoint
INSERT INTO "sales_products" (company_id, facet, slot, product_key, product_id, name, lines,
    quantity, amount)
  SELECT s.company_id, f.facet, x.slot, l.product_key, max(l.product_id::text)::uuid,
    max(l.description collate "C"), count(*), sum(l.quantity), sum(l.amount)
  FROM "sales" s
  JOIN "sale_lines" l ON l.company_id = s.company_id AND l.invoice_id = s.invoice_id
  CROSS JOIN LATERAL (values ('d' || s.date), ('m' || substr(s.date, 1, 7))) x(slot)
  CROSS JOIN LATERAL unnest(array['', case when s.pay_cash > 0 then 'p:CASH' end,
    case when s.pay_cheque > 0 then 'p:CHEQUE' end, case when s.pay_ccard > 0 then 'p:CCARD' end,
    case when s.pay_emoney > 0 then 'p:EMONEY' end, case when s.pay_invoice > 0 then 'p:INVOICE' end,
    case when s.a_net is not null then 't:A' end, case when s.c_net is not null then 't:C' end,
    case when s.d_net is not null then 't:D' end, case when s.e_net is not null then 't:E' end,
    'o:' || coalesce(s.operator_id::text, ''), 's:' || s.status]) f(facet)
  WHERE f.facet IS NOT NULL
  GROUP BY s.company_id, f.facet, x.slot, l.product_key;--> statement-breakpoint
INSERT INTO "sales_customers" (company_id, facet, slot, customer_key, customer_id, name,
    receipts, total_incl)
  SELECT s.company_id, f.facet, x.slot, s.customer_key, max(s.customer_id::text)::uuid,
    max(s.customer_name collate "C"), count(*), sum(s.total_incl)
  FROM "sales" s
  CROSS JOIN LATERAL (values ('d' || s.date), ('m' || substr(s.date, 1, 7))) x(slot)
  CROSS JOIN LATERAL unnest(array['', case when s.pay_cash > 0 then 'p:CASH' end,
    case when s.pay_cheque > 0 then 'p:CHEQUE' end, case when s.pay_ccard > 0 then 'p:CCARD' end,
    case when s.pay_emoney > 0 then 'p:EMONEY' end, case when s.pay_invoice > 0 then 'p:INVOICE' end,
    case when s.a_net is not null then 't:A' end, case when s.c_net is not null then 't:C' end,
    case when s.d_net is not null then 't:D' end, case when s.e_net is not null then 't:E' end,
    'o:' || coalesce(s.operator_id::text, ''), 's:' || s.status]) f(facet)
  WHERE f.facet IS NOT NULL
  GROUP BY s.company_id, f.facet, x.slot, s.customer_key;
