import type { CreateItemDialogProps } from '@midway/contracts';
import CreateItemDialog from './create-item-dialog';

/** mf_items/CreateItemDialog: the shell header's New Item button mounts it (inside the shell's providers). */
export default function CreateItemDialogRemote(props: CreateItemDialogProps) {
  return <CreateItemDialog {...props} />;
}
