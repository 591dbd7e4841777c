-- Decision 056: a product's default variant (migration 0012) is made once per statement that
-- inserts products, not once per product row. A row trigger ran, for every product, an insert into
-- product_variants and with it that table's statement triggers (product_facets_refresh, the zipped
-- rows of migration 0031), plus an UPDATE of products (no row changed) and products' own statement
-- triggers: 10,000 products in one statement took 76 s on PGlite. The rules are 0012's: the SKU is
-- the product's own when no variant has it, else the id in capitals, with -2, -3... if even that is
-- taken; the stock is not tracked (null); the products row and its default variant keep one price.
DROP TRIGGER product_default_variant_insert ON products;
--> statement-breakpoint
DROP FUNCTION product_default_variant_insert();
--> statement-breakpoint
CREATE FUNCTION product_default_variants_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  candidate text;
  n integer;
BEGIN
  -- The usual case, in one insert: the SKU the product wants (its own, else its id in capitals)
  -- that no variant has and no other product of the statement wants.
  INSERT INTO product_variants (product_id, position, is_default, combination, sku, price_cents, old_price_cents, stock)
  SELECT w.id, 0, true, '', w.wanted, w.price_cents, w.old_price_cents, NULL
  FROM (
    SELECT x.*, count(*) OVER (PARTITION BY lower(x.wanted)) AS wanting
    FROM (SELECT id, price_cents, old_price_cents, coalesce(nullif(btrim(sku), ''), upper(id)) AS wanted FROM written) x
  ) w
  WHERE w.wanting = 1 AND NOT EXISTS (SELECT 1 FROM product_variants pv WHERE lower(pv.sku) = lower(w.wanted));
  -- The rest one at a time, in the order of their ids, as migration 0012 made each.
  FOR r IN
    SELECT w.id, w.sku, w.price_cents, w.old_price_cents FROM written w
    WHERE NOT EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = w.id AND pv.is_default)
    ORDER BY w.id
  LOOP
    candidate := coalesce(nullif(btrim(r.sku), ''), upper(r.id));
    n := 1;
    IF EXISTS (SELECT 1 FROM product_variants WHERE lower(sku) = lower(candidate)) THEN
      candidate := upper(r.id);
      WHILE EXISTS (SELECT 1 FROM product_variants WHERE lower(sku) = lower(CASE WHEN n = 1 THEN candidate ELSE candidate || '-' || n END)) LOOP
        n := n + 1;
      END LOOP;
      IF n > 1 THEN candidate := candidate || '-' || n; END IF;
    END IF;
    INSERT INTO product_variants (product_id, position, is_default, combination, sku, price_cents, old_price_cents, stock)
    VALUES (r.id, 0, true, '', candidate, r.price_cents, r.old_price_cents, NULL);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_default_variant_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_default_variants_insert();
--> statement-breakpoint
-- A default variant inserted gives the products row its price (0012's row trigger, now once per
-- statement, and only when some products row differs: an UPDATE that changes no row still runs
-- products' statement triggers). An update of a variant's price keeps 0012's row trigger.
DROP TRIGGER default_variant_price_to_product ON product_variants;
--> statement-breakpoint
CREATE TRIGGER default_variant_price_to_product
  AFTER UPDATE OF price_cents, old_price_cents, is_default ON product_variants
  FOR EACH ROW WHEN (NEW.is_default)
  EXECUTE FUNCTION default_variant_price_to_product();
--> statement-breakpoint
CREATE FUNCTION default_variants_price_to_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM written w JOIN products p ON p.id = w.product_id
    WHERE w.is_default AND (p.price_cents, p.old_price_cents) IS DISTINCT FROM (w.price_cents, w.old_price_cents)
  ) THEN
    UPDATE products p SET price_cents = w.price_cents, old_price_cents = w.old_price_cents, updated_at = now()
    FROM written w
    WHERE w.is_default AND p.id = w.product_id
      AND (p.price_cents, p.old_price_cents) IS DISTINCT FROM (w.price_cents, w.old_price_cents);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER default_variants_price_to_products AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION default_variants_price_to_products();
