-- CreateTable
CREATE TABLE "deliveries" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "window" VARCHAR(20) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "items" JSONB NOT NULL,
    "changed_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "deliveries_project_id_date_idx" ON "deliveries"("project_id", "date");
