DROP TABLE "product_stock" CASCADE;--> statement-breakpoint
-- Written by hand (decision 039): the stock is product_variants.stock since 0012; the table's
-- triggers went with it, and their function is dropped here.
DROP FUNCTION product_stock_changed_notify();
