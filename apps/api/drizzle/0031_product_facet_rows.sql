-- Decision 045 (2026-12-02, round 3): the facet statement without a search text reads these rows
-- instead of zipping `product_facets`' arrays on every request. One row per product without options
-- (i = 1, its own size key, its price) and one per value of a product with options: its size keys,
-- colours and prices zipped (the longest sets the rows, the others are null after their end), each
-- price beside the one before it (`before`; the statement puts both in the price ranges it is
-- asked for, so the ranges stay in packages/shared), i = 1 on the first. Each row carries its
-- product's `product_facets` columns, so the statement's flags need no join.
-- `product_facet_rows` zips all the variants' values, `product_facet_rows_sellable` those of the
-- variants that can be sold (a request with 'in stock' reads it): two tables, as a request reads one
-- of them whole (a flag column in one table doubled the rows scanned: 0.82x against 0.72x of the
-- zip in the prototype, PostgreSQL).
-- Kept by triggers on product_facets (written only by product_facets_refresh, under its row lock):
-- a product whose row is inserted or updated gets its rows written again; a deleted row's go by the
-- foreign key.
CREATE TABLE "product_facet_rows" (
	"product_id" text NOT NULL,
	"i" integer NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"price_cents" integer NOT NULL,
	"sellable" boolean NOT NULL,
	"has_options" boolean NOT NULL,
	"size_keys" text[] NOT NULL,
	"colours" text[] NOT NULL,
	"prices" integer[] NOT NULL,
	"size_keys_sellable" text[] NOT NULL,
	"colours_sellable" text[] NOT NULL,
	"skey" text,
	"colour" text,
	"price" integer,
	"before" integer,
	CONSTRAINT "product_facet_rows_product_id_i_pk" PRIMARY KEY("product_id","i")
);
--> statement-breakpoint
CREATE TABLE "product_facet_rows_sellable" (
	"product_id" text NOT NULL,
	"i" integer NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"price_cents" integer NOT NULL,
	"sellable" boolean NOT NULL,
	"has_options" boolean NOT NULL,
	"size_keys" text[] NOT NULL,
	"colours" text[] NOT NULL,
	"prices" integer[] NOT NULL,
	"size_keys_sellable" text[] NOT NULL,
	"colours_sellable" text[] NOT NULL,
	"skey" text,
	"colour" text,
	"price" integer,
	"before" integer,
	CONSTRAINT "product_facet_rows_sellable_product_id_i_pk" PRIMARY KEY("product_id","i")
);
--> statement-breakpoint
ALTER TABLE "product_facet_rows" ADD CONSTRAINT "product_facet_rows_product_id_product_facets_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_facets"("product_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_facet_rows_sellable" ADD CONSTRAINT "product_facet_rows_sellable_product_id_product_facets_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_facets"("product_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- The rows of these products written again from their product_facets rows (both tables).
-- i numbers the zip from 1 (a product without options: its one row). The old rows of every id
-- given go first: with a changed id the caller passes the old and the new ids.
CREATE FUNCTION product_facet_rows_refresh(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_facet_rows WHERE product_id = ANY (ids);
  DELETE FROM product_facet_rows_sellable WHERE product_id = ANY (ids);
  INSERT INTO product_facet_rows (product_id, i, brand, category, price_cents, sellable, has_options, size_keys,
      colours, prices, size_keys_sellable, colours_sellable, skey, colour, price, before)
  SELECT pf.product_id, 1, pf.brand, pf.category, pf.price_cents, pf.sellable, pf.has_options, pf.size_keys,
    pf.colours, pf.prices, pf.size_keys_sellable, pf.colours_sellable, pf.size_keys[1], NULL, pf.price_cents, NULL
  FROM product_facets pf WHERE pf.product_id = ANY (ids) AND NOT pf.has_options
  UNION ALL
  SELECT pf.product_id, z.i, pf.brand, pf.category, pf.price_cents, pf.sellable, pf.has_options, pf.size_keys,
    pf.colours, pf.prices, pf.size_keys_sellable, pf.colours_sellable, z.skey, z.colour, z.price, z.before
  FROM product_facets pf
  CROSS JOIN LATERAL unnest(pf.size_keys, pf.colours, pf.prices, array[NULL]::int[] || trim_array(pf.prices, 1))
    WITH ORDINALITY AS z(skey, colour, price, before, i)
  WHERE pf.product_id = ANY (ids) AND pf.has_options;
  INSERT INTO product_facet_rows_sellable (product_id, i, brand, category, price_cents, sellable, has_options, size_keys,
      colours, prices, size_keys_sellable, colours_sellable, skey, colour, price, before)
  SELECT pf.product_id, 1, pf.brand, pf.category, pf.price_cents, pf.sellable, pf.has_options, pf.size_keys,
    pf.colours, pf.prices, pf.size_keys_sellable, pf.colours_sellable, pf.size_keys_sellable[1], NULL, pf.price_cents, NULL
  FROM product_facets pf WHERE pf.product_id = ANY (ids) AND NOT pf.has_options
  UNION ALL
  SELECT pf.product_id, z.i, pf.brand, pf.category, pf.price_cents, pf.sellable, pf.has_options, pf.size_keys,
    pf.colours, pf.prices, pf.size_keys_sellable, pf.colours_sellable, z.skey, z.colour, z.price, z.before
  FROM product_facets pf
  CROSS JOIN LATERAL unnest(pf.size_keys_sellable, pf.colours_sellable, pf.prices, array[NULL]::int[] || trim_array(pf.prices, 1))
    WITH ORDINALITY AS z(skey, colour, price, before, i)
  WHERE pf.product_id = ANY (ids) AND pf.has_options;
$$;
--> statement-breakpoint
CREATE FUNCTION product_facets_rows_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_facet_rows_refresh(array(SELECT product_id FROM new_rows));
  ELSE
    PERFORM product_facet_rows_refresh(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_facets_rows_insert AFTER INSERT ON product_facets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facets_rows_written();
--> statement-breakpoint
CREATE TRIGGER product_facets_rows_update AFTER UPDATE ON product_facets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facets_rows_written();
--> statement-breakpoint
SELECT product_facet_rows_refresh(array(SELECT product_id FROM product_facets));
