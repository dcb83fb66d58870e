-- CreateTable
CREATE TABLE "project_locations" (
    "project_id" UUID NOT NULL,
    "location" TEXT NOT NULL,
    "facts_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "project_locations_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "deliveries" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "window" VARCHAR(20) NOT NULL,
    "address" VARCHAR(500) NOT NULL,
    "notes" TEXT,
    "status" VARCHAR(20) NOT NULL,
    "run_id" UUID,
    "requested_by" UUID NOT NULL,
    "received_by" VARCHAR(200),
    "photo_keys" UUID[],
    "signature_key" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    "completed_at" TIMESTAMPTZ(6),

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery_items" (
    "delivery_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "open" BOOLEAN NOT NULL DEFAULT true,
    "exception" TEXT,

    CONSTRAINT "delivery_items_pkey" PRIMARY KEY ("delivery_id","item_id")
);

-- CreateIndex
CREATE INDEX "deliveries_date_status_idx" ON "deliveries"("date", "status");

-- CreateIndex
CREATE INDEX "deliveries_project_id_date_idx" ON "deliveries"("project_id", "date");

-- CreateIndex
CREATE INDEX "delivery_items_item_id_idx" ON "delivery_items"("item_id");

-- AddForeignKey
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An item is on at most one open delivery (requested, scheduled or out): of two bookings of it at once, the
-- database lets exactly one through.
CREATE UNIQUE INDEX "delivery_items_open_item_key" ON "delivery_items" ("item_id") WHERE "open";

