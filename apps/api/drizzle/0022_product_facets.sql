CREATE TABLE "product_facets" (
	"product_id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"price_cents" integer NOT NULL,
	"storage_gb" integer,
	"sellable" boolean NOT NULL,
	"has_options" boolean NOT NULL,
	"size_keys" text[] NOT NULL,
	"colours" text[] NOT NULL,
	"prices" integer[] NOT NULL,
	"size_keys_sellable" text[] NOT NULL,
	"colours_sellable" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_facets" ADD CONSTRAINT "product_facets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- The catalogue's facets read one narrow row per product (decision 045) instead of grouping the
-- variants on every request: what decision 039's facet statement computed per request, computed
-- here when a product or its variants change. size_keys: the variants' size keys (migration 0015's
-- size_key), or, when none has one, the product's own storage_gb as a key ('256gb'); colours: the
-- variants' colours; prices: the variants' distinct prices in ascending order (a product with options; the statement
-- puts them in the price ranges it is asked for); the *_sellable arrays the same for the variants
-- that can be sold (not tracked, or units left). Only variants of a product with options
-- (combination <> '') count; sellable is over all its variants.
-- Its rows are locked first, in one order, and read afterwards: a function in SQL gives each
-- statement a new snapshot, so of two orders selling the last units of two variants of a product at
-- once, the second waits for the first and then computes from its committed stock (computed before
-- the wait, it would write back the first's variant as sellable).
CREATE FUNCTION product_facets_refresh(ids text[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM product_facets WHERE product_id = ANY (ids) ORDER BY product_id FOR UPDATE;
  DELETE FROM product_facets pf WHERE pf.product_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = pf.product_id);
  INSERT INTO product_facets AS pf (product_id, brand, category, price_cents, storage_gb, sellable, has_options,
      size_keys, colours, prices, size_keys_sellable, colours_sellable)
  SELECT p.id, p.brand, p.category, p.price_cents, p.storage_gb,
    EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id AND (pv.stock IS NULL OR pv.stock > 0)),
    v.n > 0,
    coalesce(v.skeys, own.k),
    coalesce(v.colours, '{}'),
    coalesce(v.prices, '{}'),
    CASE WHEN v.skeys IS NOT NULL THEN coalesce(v.skeys_ok, '{}')
      WHEN EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id AND (pv.stock IS NULL OR pv.stock > 0)) THEN own.k
      ELSE '{}' END,
    coalesce(v.colours_ok, '{}')
  FROM products p
  CROSS JOIN LATERAL (SELECT CASE WHEN p.storage_gb IS NULL THEN '{}'::text[] ELSE ARRAY[p.storage_gb || 'gb'] END AS k) own
  CROSS JOIN LATERAL (
    SELECT count(*) AS n,
      array_agg(DISTINCT pv.price_cents ORDER BY pv.price_cents) AS prices,
      array_agg(DISTINCT pv.size_key) FILTER (WHERE pv.size_key IS NOT NULL) AS skeys,
      array_agg(DISTINCT pv.colour) FILTER (WHERE pv.colour IS NOT NULL) AS colours,
      array_agg(DISTINCT pv.size_key) FILTER (WHERE pv.size_key IS NOT NULL AND (pv.stock IS NULL OR pv.stock > 0)) AS skeys_ok,
      array_agg(DISTINCT pv.colour) FILTER (WHERE pv.colour IS NOT NULL AND (pv.stock IS NULL OR pv.stock > 0)) AS colours_ok
    FROM product_variants pv WHERE pv.product_id = p.id AND pv.combination <> ''
  ) v
  WHERE p.id = ANY (ids)
  ON CONFLICT (product_id) DO UPDATE SET brand = excluded.brand, category = excluded.category,
    price_cents = excluded.price_cents, storage_gb = excluded.storage_gb, sellable = excluded.sellable,
    has_options = excluded.has_options, size_keys = excluded.size_keys, colours = excluded.colours,
    prices = excluded.prices, size_keys_sellable = excluded.size_keys_sellable, colours_sellable = excluded.colours_sellable
  WHERE (pf.brand, pf.category, pf.price_cents, pf.storage_gb, pf.sellable, pf.has_options, pf.size_keys, pf.colours,
      pf.prices, pf.size_keys_sellable, pf.colours_sellable)
    IS DISTINCT FROM (excluded.brand, excluded.category, excluded.price_cents, excluded.storage_gb, excluded.sellable,
      excluded.has_options, excluded.size_keys, excluded.colours, excluded.prices, excluded.size_keys_sellable,
      excluded.colours_sellable);
$$;
--> statement-breakpoint
-- Variants written or removed: their products, once per statement (a product inserted makes its
-- default variant in its own statement, migration 0012).
CREATE FUNCTION product_variants_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_facets_refresh(ARRAY(SELECT DISTINCT product_id FROM written));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM product_facets_refresh(ARRAY(SELECT DISTINCT product_id FROM gone));
  ELSE
    -- An update counts only when it changes what the facets read: an order's stock change that
    -- leaves a variant sellable (6 -> 4 units) refreshes nothing. (A trigger with transition
    -- tables cannot name columns, so the old and new rows are compared here.)
    PERFORM product_facets_refresh(ARRAY(
      SELECT DISTINCT x.product_id FROM gone o JOIN written n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.product_id), (n.product_id)) AS x(product_id)
      WHERE (o.product_id, o.combination, o.price_cents, o.size_key, o.colour, o.stock IS NULL OR o.stock > 0)
        IS DISTINCT FROM (n.product_id, n.combination, n.price_cents, n.size_key, n.colour, n.stock IS NULL OR n.stock > 0)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_facets_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_variants_facets();
--> statement-breakpoint
CREATE TRIGGER product_variants_facets_update AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS gone NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_variants_facets();
--> statement-breakpoint
CREATE TRIGGER product_variants_facets_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION product_variants_facets();
--> statement-breakpoint
-- A product's brand, category, price or storage changed (or its id: the variants' cascade refreshes
-- the new id, the old row follows the foreign key).
CREATE FUNCTION products_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_facets_refresh(ARRAY(
    SELECT n.id FROM gone o JOIN written n ON n.id = o.id
    WHERE (o.brand, o.category, o.price_cents, o.storage_gb) IS DISTINCT FROM (n.brand, n.category, n.price_cents, n.storage_gb)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_facets_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS gone NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION products_facets();
--> statement-breakpoint
SELECT product_facets_refresh(ARRAY(SELECT id FROM products));
