-- CreateIndex
CREATE INDEX "deliveries_run_id_idx" ON "deliveries"("run_id");
