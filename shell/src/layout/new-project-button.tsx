import { Button, ButtonLabel } from '@midway/ui';
import { FolderPlus, Loader2, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { RemoteView } from '../federation/remote-view';

/**
 * Opens mf_projects' ./CreateProjectDialog. The remote is fetched on the first click; while it loads the
 * button shows a spinner, and if it cannot be loaded the button shows the remote's retry state.
 */
export function NewProjectButton() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = (
    <Button
      aria-label="New project"
      title="New project"
      onClick={() => {
        setRequested(true);
        setOpen(true);
      }}
    >
      <FolderPlus aria-hidden />
      <ButtonLabel>New Project</ButtonLabel>
    </Button>
  );
  if (!requested) return button;
  return (
    <RemoteView
      id="mf_projects/CreateProjectDialog"
      props={{ open, onOpenChange: setOpen }}
      loading={
        <Button disabled aria-busy="true" aria-label="New project">
          <Loader2 aria-hidden />
          <ButtonLabel>New Project</ButtonLabel>
        </Button>
      }
      renderError={(retry) => (
        <Button
          $variant="outline"
          data-testid="new-project-retry"
          title="Projects could not be loaded. Click to try again."
          onClick={() => {
            setOpen(true);
            retry();
          }}
        >
          <RotateCw aria-hidden />
          <ButtonLabel>Retry New Project</ButtonLabel>
        </Button>
      )}
    >
      {button}
    </RemoteView>
  );
}
