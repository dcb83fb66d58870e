import type { Item, Project } from '@midway/contracts';
import { RequestDeliveryDialog } from '@midway/ui/delivery';
import { useRequestDelivery } from '../api/deliveries-queries';

/** The shared Request delivery dialog (the project page has the same), booking through this remote's deliveries client. */
export default function ItemsRequestDeliveryDialog({ items, project, onClose, onRequested }: { items: Item[]; project: Project | undefined; onClose(): void; onRequested(): void }) {
  const request = useRequestDelivery();
  return <RequestDeliveryDialog items={items} project={project} onClose={onClose} onRequested={onRequested} onSubmit={(projectId, body) => request.mutateAsync({ projectId, body })} />;
}
