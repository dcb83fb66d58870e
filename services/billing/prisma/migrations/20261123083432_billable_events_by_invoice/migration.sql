-- CreateIndex
CREATE INDEX "billable_events_invoice_id_idx" ON "billable_events"("invoice_id");
