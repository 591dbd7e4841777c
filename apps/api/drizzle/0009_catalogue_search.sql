-- The catalogue's search, sorts and facets (issue 18, decision 022).
--
-- pg_trgm (trigram similarity, for typos) and unaccent (ë -> e, ç -> c) ship with PostgreSQL's
-- contrib and with PGlite (loaded in db/client.ts); both are trusted extensions, so the
-- database's owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Text as search compares it: lower case, accents off. unaccent() alone is only STABLE (it reads
-- its dictionary by name through search_path); naming the dictionary and its schema makes the
-- result fixed, so the function may feed a generated column and an index.
CREATE FUNCTION shop_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_gb" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', shop_fold(name)), 'A') || setweight(to_tsvector('simple', shop_fold(brand)), 'A') || setweight(to_tsvector('simple', shop_fold(coalesce(specs ->> 'Lloji', ''))), 'B') || setweight(to_tsvector('simple', shop_fold(description)), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- fastupdate off: products change rarely, and without autovacuum (PGlite) a pending list would
-- grow and make the planner read the table instead of the index.
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("home_position","collection","created_at","id");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree (lower("brand"));--> statement-breakpoint
CREATE INDEX "products_storage_idx" ON "products" USING btree ("storage_gb");--> statement-breakpoint
-- The words of the search documents: plain words of 3 to 40 letters and digits (what a typo is
-- compared with). A statement-level trigger per event (transition tables take one event each)
-- adds the words of the rows a statement wrote; words of products changed or deleted since stay,
-- harmlessly (they find nothing).
CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM written, unnest(tsvector_to_array(written.search_vector)) AS w
    WHERE w ~ '^[a-z0-9]{3,40}$'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER search_words_on_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER search_words_on_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products, unnest(tsvector_to_array(products.search_vector)) AS w
  WHERE w ~ '^[a-z0-9]{3,40}$'
  ON CONFLICT DO NOTHING;
