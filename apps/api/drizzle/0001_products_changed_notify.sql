-- Every committed change to the products table (by any API instance, the seed, or SQL typed by
-- hand) sends one notification on the channel products_changed; the API instances listen to it
-- and drop their cached product answers (decision 008). Statement-level: one notice per
-- statement, and PostgreSQL folds repeats within a transaction into one.
CREATE FUNCTION products_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('products_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
