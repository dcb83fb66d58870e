-- The dashboard's counters rolled up per owner and for every project (src/data/dashboard-counts.sql, copied
-- here as it was when this migration was written), then filled from the counters already kept per project.
-- CreateTable
CREATE TABLE "dashboard_counts" (
    "scope" UUID NOT NULL,
    "slot" SMALLINT NOT NULL,
    "counter" VARCHAR(20) NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "dashboard_counts_pkey" PRIMARY KEY ("scope","slot","counter")
);

CREATE OR REPLACE FUNCTION "dashboard_counts_slot"(project_id UUID) RETURNS SMALLINT
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (get_byte(uuid_send(project_id), 15) & 15)::smallint
$$;

-- Adds each (project, owner, counter, n) change to the owner's and to everyone's counters.
CREATE OR REPLACE FUNCTION "dashboard_counts_add"(project_ids UUID[], owner_ids UUID[], counters TEXT[], ns INT[]) RETURNS void
LANGUAGE sql SET search_path FROM CURRENT AS $$
  INSERT INTO dashboard_counts AS c (scope, slot, counter, n)
  SELECT s.scope, dashboard_counts_slot(d.project_id), d.counter, sum(d.n)::int
  FROM unnest(project_ids, owner_ids, counters, ns) AS d(project_id, owner_id, counter, n)
  CROSS JOIN LATERAL unnest(ARRAY[d.owner_id, '00000000-0000-0000-0000-000000000000'::uuid]) AS s(scope)
  GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (scope, slot, counter) DO UPDATE SET n = c.n + excluded.n
$$;

-- A project's item counters changed: the same change for its owner and for everyone. Counters that go with
-- their deleted project (cascade) were subtracted before it went (dashboard_counts_project_deleted).
CREATE OR REPLACE FUNCTION "dashboard_counts_items_apply"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- A transition table exists only for its own event, so each event has its own statement.
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_counts_add(array_agg(d.project_id), array_agg(p.created_by_id), array_agg(d.counter::text), array_agg(d.n))
    FROM new_rows d JOIN projects p ON p.id = d.project_id;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM dashboard_counts_add(array_agg(d.project_id), array_agg(p.created_by_id), array_agg(d.counter::text), array_agg(d.n))
    FROM (SELECT r.project_id, r.counter, r.n FROM new_rows r UNION ALL SELECT r.project_id, r.counter, -r.n FROM old_rows r) d
    JOIN projects p ON p.id = d.project_id;
  ELSE
    PERFORM dashboard_counts_add(array_agg(d.project_id), array_agg(p.created_by_id), array_agg(d.counter::text), array_agg(-d.n))
    FROM old_rows d JOIN projects p ON p.id = d.project_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "dashboard_counts_items_insert" AFTER INSERT ON "project_item_counts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_items_apply"();
CREATE TRIGGER "dashboard_counts_items_update" AFTER UPDATE ON "project_item_counts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_items_apply"();
CREATE TRIGGER "dashboard_counts_items_delete" AFTER DELETE ON "project_item_counts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_items_apply"();

-- Projects made, changed or given to another owner: active projects counted under the status and owner they
-- have now; a project's item counters move with it to its new owner.
CREATE OR REPLACE FUNCTION "dashboard_counts_projects_apply"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_counts_add(array_agg(r.id), array_agg(r.created_by_id), array_agg('active-projects'::text), array_agg(1))
    FROM new_rows r WHERE r.status IN ('active', 'in-progress');
  ELSE
    -- The moving projects' counters, locked first: an item change still in flight on one of them lands before
    -- they are read (the next statement reads what it committed).
    PERFORM 1 FROM project_item_counts c
    WHERE c.project_id IN (SELECT o.id FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.created_by_id <> o.created_by_id)
    ORDER BY c.project_id, c.counter FOR UPDATE;
    PERFORM dashboard_counts_add(array_agg(d.id), array_agg(d.owner_id), array_agg(d.counter), array_agg(d.n)) FROM (
      SELECT o.id, o.created_by_id AS owner_id, 'active-projects'::text AS counter, -1 AS n FROM old_rows o WHERE o.status IN ('active', 'in-progress')
      UNION ALL
      SELECT r.id, r.created_by_id, 'active-projects', 1 FROM new_rows r WHERE r.status IN ('active', 'in-progress')
      UNION ALL
      SELECT o.id, o.created_by_id, c.counter, -c.n FROM old_rows o JOIN new_rows r ON r.id = o.id AND r.created_by_id <> o.created_by_id
      JOIN project_item_counts c ON c.project_id = o.id
      UNION ALL
      SELECT r.id, r.created_by_id, c.counter, c.n FROM old_rows o JOIN new_rows r ON r.id = o.id AND r.created_by_id <> o.created_by_id
      JOIN project_item_counts c ON c.project_id = r.id) d;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "dashboard_counts_projects_insert" AFTER INSERT ON "projects" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_projects_apply"();
CREATE TRIGGER "dashboard_counts_projects_update" AFTER UPDATE ON "projects" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_projects_apply"();

-- A deleted project leaves its owner's and everyone's counters before its own go (its item counters are deleted
-- by cascade, when the project, and so its owner, can no longer be read). Their rows are locked first, so an
-- item change still in flight on the project is subtracted with the rest.
CREATE OR REPLACE FUNCTION "dashboard_counts_project_deleted"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM 1 FROM project_item_counts c WHERE c.project_id = OLD.id ORDER BY c.counter FOR UPDATE;
  PERFORM dashboard_counts_add(array_agg(OLD.id), array_agg(OLD.created_by_id), array_agg(d.counter), array_agg(d.n)) FROM (
    SELECT c.counter::text AS counter, -c.n AS n FROM project_item_counts c WHERE c.project_id = OLD.id
    UNION ALL
    SELECT 'active-projects', -1 WHERE OLD.status IN ('active', 'in-progress')) d;
  RETURN OLD;
END
$$;

CREATE TRIGGER "dashboard_counts_project_delete" BEFORE DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "dashboard_counts_project_deleted"();

-- TRUNCATE fires no DELETE trigger: emptying projects empties the rolled-up counts with them.
CREATE OR REPLACE FUNCTION "dashboard_counts_clear"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM dashboard_counts;
  RETURN NULL;
END
$$;
CREATE TRIGGER "dashboard_counts_truncate" AFTER TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_clear"();

-- Backfill: the triggers exist from here on (and hold the tables' writers until this commits), so the sums
-- taken now are exact.
INSERT INTO dashboard_counts (scope, slot, counter, n)
SELECT s.scope, dashboard_counts_slot(d.project_id), d.counter, sum(d.n)::int FROM (
  SELECT c.project_id, p.created_by_id AS owner_id, c.counter::text AS counter, c.n FROM project_item_counts c JOIN projects p ON p.id = c.project_id
  UNION ALL
  SELECT p.id, p.created_by_id, 'active-projects', 1 FROM projects p WHERE p.status IN ('active', 'in-progress')) d
CROSS JOIN LATERAL unnest(ARRAY[d.owner_id, '00000000-0000-0000-0000-000000000000'::uuid]) AS s(scope)
GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0;
