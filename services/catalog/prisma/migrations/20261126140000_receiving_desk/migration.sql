-- AlterTable
ALTER TABLE "items" ADD COLUMN     "inspection" JSONB;

-- CreateTable
CREATE TABLE "damage_reports" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "item_name" VARCHAR(255) NOT NULL,
    "condition" VARCHAR(20) NOT NULL,
    "notes" TEXT,
    "photo_urls" TEXT[],
    "reported_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "damage_reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "damage_reports_project_id_reported_at_idx" ON "damage_reports"("project_id", "reported_at" DESC);

-- AddForeignKey
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
