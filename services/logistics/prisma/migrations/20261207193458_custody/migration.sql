-- AlterTable
ALTER TABLE "arrivals" ADD COLUMN     "pieces" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "items" ADD COLUMN     "custody_end" VARCHAR(20),
ADD COLUMN     "custody_ended_at" TIMESTAMPTZ(6),
ADD COLUMN     "custody_since" TIMESTAMPTZ(6),
ADD COLUMN     "custody_state" VARCHAR(20),
ADD COLUMN     "location_id" UUID,
ADD COLUMN     "pieces" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "pieces_received" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "room_location" VARCHAR(255);

-- CreateTable
CREATE TABLE "locations" (
    "id" UUID NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "created_by" UUID NOT NULL,

    CONSTRAINT "locations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custody_events" (
    "id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL,
    "by_user_id" UUID NOT NULL,
    "from_location_id" UUID,
    "to_location_id" UUID,
    "delivery_id" UUID,
    "run_id" UUID,
    "count_id" UUID,
    "piece" INTEGER,
    "pieces" INTEGER,
    "reason" TEXT,
    "staff_note" TEXT,

    CONSTRAINT "custody_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "run_loads" (
    "run_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "piece" INTEGER NOT NULL,
    "loaded_at" TIMESTAMPTZ(6) NOT NULL,
    "by_user_id" UUID NOT NULL,

    CONSTRAINT "run_loads_pkey" PRIMARY KEY ("run_id","item_id","piece")
);

-- CreateTable
CREATE TABLE "run_left_behind" (
    "run_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL,
    "by_user_id" UUID NOT NULL,

    CONSTRAINT "run_left_behind_pkey" PRIMARY KEY ("run_id","item_id")
);

-- CreateTable
CREATE TABLE "counts" (
    "id" UUID NOT NULL,
    "location_id" UUID NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "started_at" TIMESTAMPTZ(6) NOT NULL,
    "started_by" UUID NOT NULL,
    "closed_at" TIMESTAMPTZ(6),
    "closed_by" UUID,
    "expected" INTEGER,
    "found" INTEGER,
    "accuracy" DECIMAL(5,2),

    CONSTRAINT "counts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "count_scans" (
    "count_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "scanned_at" TIMESTAMPTZ(6) NOT NULL,
    "by_user_id" UUID NOT NULL,

    CONSTRAINT "count_scans_pkey" PRIMARY KEY ("count_id","item_id")
);

-- CreateTable
CREATE TABLE "count_results" (
    "count_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "outcome" VARCHAR(20) NOT NULL,
    "expected_location_id" UUID,

    CONSTRAINT "count_results_pkey" PRIMARY KEY ("count_id","item_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "locations_code_key" ON "locations"("code");

-- CreateIndex
CREATE INDEX "custody_events_item_id_at_idx" ON "custody_events"("item_id", "at");

-- CreateIndex
CREATE INDEX "counts_location_id_started_at_idx" ON "counts"("location_id", "started_at" DESC);

-- CreateIndex
CREATE INDEX "items_location_id_idx" ON "items"("location_id");

-- AddForeignKey
ALTER TABLE "items" ADD CONSTRAINT "items_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "counts" ADD CONSTRAINT "counts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "count_scans" ADD CONSTRAINT "count_scans_count_id_fkey" FOREIGN KEY ("count_id") REFERENCES "counts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "count_results" ADD CONSTRAINT "count_results_count_id_fkey" FOREIGN KEY ("count_id") REFERENCES "counts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- (Kinds, states and outcomes are checked by the contracts, not CHECK constraints: the wasm schema engine
-- panics on them when it checks drift.)

-- One open count per location, also when two are started at once.
CREATE UNIQUE INDEX "counts_open_location_key" ON "counts" ("location_id") WHERE "status" = 'open';

-- Find: the items in custody, newest arrival first (a small part of all items once most are delivered).
CREATE INDEX "items_in_custody_idx" ON "items" ("custody_since" DESC, "id" DESC) WHERE "custody_state" IS NOT NULL;

-- Items that arrived before custody was recorded: in custody from their arrival until their delivery completed.
UPDATE "items" i SET
  "custody_since" = a."arrived_at",
  "pieces_received" = LEAST(a."pieces", i."pieces"),
  "custody_state" = CASE
    WHEN i."status" = 'delivered' THEN NULL
    WHEN EXISTS (SELECT 1 FROM "delivery_items" di JOIN "deliveries" d ON d."id" = di."delivery_id"
                 WHERE di."item_id" = i."id" AND di."open" AND d."status" = 'out-for-delivery') THEN 'out'
    ELSE 'received' END,
  "custody_end" = CASE WHEN i."status" = 'delivered' THEN 'delivered' END,
  "custody_ended_at" = CASE WHEN i."status" = 'delivered' THEN COALESCE(
    (SELECT max(d."completed_at") FROM "delivery_items" di JOIN "deliveries" d ON d."id" = di."delivery_id"
     WHERE di."item_id" = i."id" AND d."status" = 'completed' AND di."exception" IS NULL), i."updated_at") END
FROM "arrivals" a
WHERE a."item_id" = i."id";
