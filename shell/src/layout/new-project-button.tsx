import { Button } from '@midway/ui';
import { Loader2, Plus, RotateCw } from 'lucide-react';
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
      onClick={() => {
        setRequested(true);
        setOpen(true);
      }}
    >
      <Plus aria-hidden />
      <span className="label">New Project</span>
    </Button>
  );
  if (!requested) return button;
  return (
    <RemoteView
      id="mf_projects/CreateProjectDialog"
      props={{ open, onOpenChange: setOpen }}
      loading={
        <Button disabled aria-busy="true">
          <Loader2 aria-hidden />
          <span className="label">New Project</span>
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
          <span className="label">Retry New Project</span>
        </Button>
      )}
    >
      {button}
    </RemoteView>
  );
}
