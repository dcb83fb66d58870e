-- AlterTable
ALTER TABLE "items" DROP COLUMN "storage_through";

-- CreateTable
CREATE TABLE "custody" (
    "item_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "since" TIMESTAMPTZ(6) NOT NULL,
    "ended_at" TIMESTAMPTZ(6),
    "ended_by" VARCHAR(20),
    "storage_through" DATE,

    CONSTRAINT "custody_pkey" PRIMARY KEY ("item_id")
);

-- CreateIndex
CREATE INDEX "custody_project_id_idx" ON "custody"("project_id");
