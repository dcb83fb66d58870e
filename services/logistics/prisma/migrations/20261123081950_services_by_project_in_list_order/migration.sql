-- DropIndex
DROP INDEX "services_project_id_idx";

-- CreateIndex
CREATE INDEX "services_project_id_created_at_item_id_rank_idx" ON "services"("project_id", "created_at" DESC, "item_id" DESC, "rank" DESC);
