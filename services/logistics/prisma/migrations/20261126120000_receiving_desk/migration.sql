-- AlterTable
ALTER TABLE "items" ADD COLUMN     "status" VARCHAR(20) NOT NULL DEFAULT 'ordered',
ADD COLUMN     "tracking_number" VARCHAR(100);

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "first_name" VARCHAR(255),
    "last_name" VARCHAR(255),
    "facts_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "arrivals" (
    "id" UUID NOT NULL,
    "code" VARCHAR(200) NOT NULL,
    "tracking_number" VARCHAR(100) NOT NULL,
    "carrier_id" VARCHAR(32),
    "item_id" UUID,
    "notes" TEXT,
    "arrived_at" TIMESTAMPTZ(6) NOT NULL,
    "inspection_due_at" TIMESTAMPTZ(6),
    "by_user_id" UUID NOT NULL,

    CONSTRAINT "arrivals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inspections" (
    "id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "arrival_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "condition" VARCHAR(20) NOT NULL,
    "notes" TEXT,
    "photo_keys" UUID[],
    "inspected_at" TIMESTAMPTZ(6) NOT NULL,
    "by_user_id" UUID NOT NULL,

    CONSTRAINT "inspections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "damage_reports" (
    "id" UUID NOT NULL,
    "inspection_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "emailed_at" TIMESTAMPTZ(6),

    CONSTRAINT "damage_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "signing_keys" (
    "name" VARCHAR(50) NOT NULL,
    "secret" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "arrivals_item_id_key" ON "arrivals"("item_id");

-- CreateIndex
CREATE INDEX "arrivals_inspection_due_at_idx" ON "arrivals"("inspection_due_at");

-- CreateIndex
CREATE INDEX "arrivals_arrived_at_idx" ON "arrivals"("arrived_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "inspections_item_id_key" ON "inspections"("item_id");

-- CreateIndex
CREATE UNIQUE INDEX "inspections_arrival_id_key" ON "inspections"("arrival_id");

-- CreateIndex
CREATE UNIQUE INDEX "damage_reports_inspection_id_key" ON "damage_reports"("inspection_id");

-- CreateIndex
CREATE INDEX "damage_reports_emailed_at_created_at_idx" ON "damage_reports"("emailed_at", "created_at");

-- CreateIndex
CREATE INDEX "items_tracking_number_idx" ON "items"("tracking_number");

-- AddForeignKey
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_arrival_id_fkey" FOREIGN KEY ("arrival_id") REFERENCES "arrivals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspections"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The scan's suffix match ("items whose number ends with the scanned one"): a prefix match on the reversed
-- number, which a text_pattern_ops b-tree answers whatever the database's collation.
CREATE INDEX "items_tracking_number_reversed_idx" ON "items" (reverse("tracking_number") text_pattern_ops);
