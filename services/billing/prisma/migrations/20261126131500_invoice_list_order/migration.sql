-- CreateIndex
CREATE INDEX "invoices_created_at_seq_idx" ON "invoices"("created_at", "seq");
