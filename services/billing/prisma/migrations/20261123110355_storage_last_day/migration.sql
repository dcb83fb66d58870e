-- CreateIndex
CREATE INDEX "billable_events_item_id_event_type_event_date_idx" ON "billable_events"("item_id", "event_type", "event_date");
