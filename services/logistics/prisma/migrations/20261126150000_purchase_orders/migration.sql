-- CreateTable
CREATE TABLE "documents" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "type" VARCHAR(30) NOT NULL,
    "number" VARCHAR(100),
    "vendor_name" VARCHAR(255),
    "issue_date" DATE,
    "currency_code" VARCHAR(3) NOT NULL DEFAULT 'CAD',
    "status" VARCHAR(30) NOT NULL DEFAULT 'draft',
    "subtotal_amount" DECIMAL(12,2) NOT NULL,
    "tax_amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "shipping_amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total_amount" DECIMAL(12,2) NOT NULL,
    "warnings" TEXT[],
    "file_key" VARCHAR(100) NOT NULL,
    "file_size" INTEGER NOT NULL,
    "uploaded_by" UUID NOT NULL,
    "imported_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_lines" (
    "id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "line_ref" VARCHAR(50) NOT NULL,
    "product_name" TEXT NOT NULL,
    "sku" VARCHAR(100),
    "finish" VARCHAR(255),
    "notes" TEXT,
    "qty" DECIMAL(12,2) NOT NULL,
    "unit_price" DECIMAL(12,2) NOT NULL,
    "line_total" DECIMAL(12,2) NOT NULL,
    "item_id" UUID,

    CONSTRAINT "document_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shipments" (
    "id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "carrier" VARCHAR(30),
    "tracking_number" VARCHAR(100) NOT NULL,
    "tracking_url" TEXT,
    "status" VARCHAR(30) NOT NULL DEFAULT 'label_created',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shipments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shipment_line_items" (
    "shipment_id" UUID NOT NULL,
    "document_line_id" UUID NOT NULL,
    "qty_shipped" DECIMAL(12,2),

    CONSTRAINT "shipment_line_items_pkey" PRIMARY KEY ("shipment_id","document_line_id")
);

-- CreateIndex
CREATE INDEX "documents_project_id_created_at_idx" ON "documents"("project_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "document_lines_document_id_position_key" ON "document_lines"("document_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "shipments_document_id_tracking_number_key" ON "shipments"("document_id", "tracking_number");

-- CreateIndex
CREATE INDEX "shipment_line_items_document_line_id_idx" ON "shipment_line_items"("document_line_id");

-- AddForeignKey
ALTER TABLE "document_lines" ADD CONSTRAINT "document_lines_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_line_items" ADD CONSTRAINT "shipment_line_items_shipment_id_fkey" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_line_items" ADD CONSTRAINT "shipment_line_items_document_line_id_fkey" FOREIGN KEY ("document_line_id") REFERENCES "document_lines"("id") ON DELETE CASCADE ON UPDATE CASCADE;
