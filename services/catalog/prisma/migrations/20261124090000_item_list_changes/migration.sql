-- Every transaction that changes what the items list shows (items, projects and their memberships: the rows,
-- the project names and who may see them) leaves its id here. A page built at a snapshot is reused for as
-- long as no such transaction has committed since (see data/item-page.cache.ts): one insert per writing
-- statement, and no row that concurrent writers all update.
-- CreateTable
CREATE TABLE "item_list_changes" (
    "xid" BIGINT NOT NULL,

    CONSTRAINT "item_list_changes_pkey" PRIMARY KEY ("xid")
);

CREATE FUNCTION "item_list_changed"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- The top-level transaction's id, also from inside a savepoint; once per transaction is enough.
  INSERT INTO item_list_changes (xid) VALUES (pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER "items_list_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "items"
  FOR EACH STATEMENT EXECUTE FUNCTION "item_list_changed"();
CREATE TRIGGER "projects_list_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "item_list_changed"();
CREATE TRIGGER "project_memberships_list_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "item_list_changed"();
