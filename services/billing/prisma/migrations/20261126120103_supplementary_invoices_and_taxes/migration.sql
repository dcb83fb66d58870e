-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "emailed_at" TIMESTAMPTZ(6),
ADD COLUMN     "kind" VARCHAR(20) NOT NULL DEFAULT 'standard',
ADD COLUMN     "supplements_invoice_id" UUID;

-- CreateTable
CREATE TABLE "tax_rates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" VARCHAR(100) NOT NULL,
    "percent" DECIMAL(7,4) NOT NULL,
    "fee_types" VARCHAR(32)[],
    "effective_from" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tax_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_taxes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "invoice_id" UUID NOT NULL,
    "tax_rate_id" UUID,
    "name" VARCHAR(100) NOT NULL,
    "percent" DECIMAL(7,4) NOT NULL,
    "taxable" DECIMAL(12,2) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "invoice_taxes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "invoice_taxes_invoice_id_idx" ON "invoice_taxes"("invoice_id");

-- CreateIndex
CREATE INDEX "invoices_billing_period_start_project_id_idx" ON "invoices"("billing_period_start", "project_id");

-- AddForeignKey
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
