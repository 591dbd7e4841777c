-- Decision 045 (2026-12-02, round 2): the catalogue's page with a chosen size finds its products
-- through these indexes (`size_keys && array[...]`, a semi-join the planner can estimate from the
-- arrays' statistics and drive from), where it walked the whole index of its order testing each
-- product's row. fastupdate off, as products_search_idx: without autovacuum (PGlite) a pending
-- list would grow and make the planner read the table instead.
CREATE INDEX "product_facets_size_keys_idx" ON "product_facets" USING gin ("size_keys") WITH (fastupdate = false);
--> statement-breakpoint
CREATE INDEX "product_facets_size_keys_sellable_idx" ON "product_facets" USING gin ("size_keys_sellable") WITH (fastupdate = false);
