ALTER TABLE "product_variants" ADD COLUMN "size_key" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "colour" text;--> statement-breakpoint
-- The catalogue's facets count the variants' sizes and colours (decision 039). Each variant carries
-- its storage value as a key and its colour value, so the facets read product_variants alone
-- instead of joining four tables per request. Kept here from the variant's values, whoever writes
-- them (the staff's grid, the CSV import, the seed, SQL by hand); the option names are the ones
-- packages/shared/src/domain/variants.ts names (storageOptionPrefixes, colourOptionPrefixes) and the
-- key is its storageValueKey (lower case, no spaces). An order's stock change does not touch them.
CREATE FUNCTION product_variant_facets_refresh(variant_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE product_variants pv SET size_key = f.size_key, colour = f.colour
  FROM (
    SELECT v.id,
      (SELECT lower(regexp_replace(ov.value, '[[:space:]]', '', 'g'))
        FROM product_variant_values vv
        JOIN product_options o ON o.id = vv.option_id
        JOIN product_option_values ov ON ov.id = vv.value_id
        WHERE vv.variant_id = v.id AND lower(btrim(o.name)) LIKE ANY (ARRAY['memori%', 'storage%'])
        ORDER BY o.position LIMIT 1) AS size_key,
      (SELECT ov.value
        FROM product_variant_values vv
        JOIN product_options o ON o.id = vv.option_id
        JOIN product_option_values ov ON ov.id = vv.value_id
        WHERE vv.variant_id = v.id AND lower(btrim(o.name)) LIKE ANY (ARRAY['ngjyr%', 'color%', 'colour%'])
        ORDER BY o.position LIMIT 1) AS colour
    FROM unnest(variant_ids) AS v(id)
  ) f
  WHERE pv.id = f.id AND (pv.size_key, pv.colour) IS DISTINCT FROM (f.size_key, f.colour);
$$;
--> statement-breakpoint
CREATE FUNCTION product_variant_values_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM product_variant_facets_refresh(ARRAY(SELECT DISTINCT variant_id FROM gone));
  ELSE
    PERFORM product_variant_facets_refresh(ARRAY(SELECT DISTINCT variant_id FROM written));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_variant_values_facets_insert AFTER INSERT ON product_variant_values
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_variant_values_facets();
--> statement-breakpoint
CREATE TRIGGER product_variant_values_facets_update AFTER UPDATE ON product_variant_values
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_variant_values_facets();
--> statement-breakpoint
CREATE TRIGGER product_variant_values_facets_delete AFTER DELETE ON product_variant_values
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION product_variant_values_facets();
--> statement-breakpoint
-- An option or a value renamed changes the variants that use it.
CREATE FUNCTION product_option_renamed_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_variant_facets_refresh(ARRAY(
    SELECT DISTINCT vv.variant_id FROM product_variant_values vv JOIN written w
      ON w.id = CASE TG_TABLE_NAME WHEN 'product_options' THEN vv.option_id ELSE vv.value_id END));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_options_facets_update AFTER UPDATE ON product_options
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_option_renamed_facets();
--> statement-breakpoint
CREATE TRIGGER product_option_values_facets_update AFTER UPDATE ON product_option_values
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION product_option_renamed_facets();
--> statement-breakpoint
SELECT product_variant_facets_refresh(ARRAY(SELECT id FROM product_variants WHERE combination <> ''));
