import { Button, ButtonLabel } from '@midway/ui';
import { Loader2, PackagePlus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { RemoteView } from '../federation/remote-view';

/**
 * Opens mf_items' ./CreateItemDialog (Create New Item, with a project selector) on any page. The remote is
 * fetched on the first click; while it loads the button shows a spinner, and if it cannot be loaded, a retry.
 */
export function NewItemButton() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  // On a phone only the icons show: each has its own icon and name (New Project's is a folder).
  const button = (
    <Button
      $variant="outline"
      aria-label="New item"
      title="New item"
      onClick={() => {
        setRequested(true);
        setOpen(true);
      }}
    >
      <PackagePlus aria-hidden />
      <ButtonLabel>New Item</ButtonLabel>
    </Button>
  );
  if (!requested) return button;
  return (
    <RemoteView
      id="mf_items/CreateItemDialog"
      props={{ open, onOpenChange: setOpen }}
      loading={
        <Button $variant="outline" disabled aria-busy="true" aria-label="New item">
          <Loader2 aria-hidden />
          <ButtonLabel>New Item</ButtonLabel>
        </Button>
      }
      renderError={(retry) => (
        <Button
          $variant="outline"
          data-testid="new-item-retry"
          title="Items could not be loaded. Click to try again."
          onClick={() => {
            setOpen(true);
            retry();
          }}
        >
          <RotateCw aria-hidden />
          <ButtonLabel>Retry New Item</ButtonLabel>
        </Button>
      )}
    >
      {button}
    </RemoteView>
  );
}
