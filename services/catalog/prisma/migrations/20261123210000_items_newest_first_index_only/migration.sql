-- The items page's newest-first walk (a caller with many projects) reads project and status from the index
-- instead of each row: other designers' newer items are passed over without visiting the table.
-- DropIndex
DROP INDEX "items_created_at_id_idx";

-- CreateIndex
CREATE INDEX "items_created_at_id_project_id_status_idx" ON "items"("created_at" DESC, "id" DESC, "project_id", "status");
