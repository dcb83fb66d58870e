import type { Project } from '@midway/contracts';
import { canOnProject } from '@midway/contracts/vocab';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { Copy, Loader2, RefreshCcw } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { clientLink, useResetShareLink, useShareProject } from '../shared/use-share-project';

const Link = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
  margin: 0 0 12px;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/**
 * The project's client link, for those who may share it (the owner or an admin; members and viewers never see
 * the token). Reset replaces the link after a confirmation: anyone holding the old one, a designer removed from
 * the project included, sees "not found" from then on.
 */
export function ClientLink({ project }: { project: Pick<Project, 'id' | 'access' | 'shareToken'> }) {
  const [confirming, setConfirming] = useState(false);
  const share = useShareProject();
  const reset = useResetShareLink();
  if (!canOnProject(project.access, 'share') || !project.shareToken) return null;
  const link = clientLink(project.shareToken);

  const confirm = () => reset.mutate(project.id, { onSettled: () => setConfirming(false) });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Client link</CardTitle>
        <CardDescription>Your client follows the project here, read-only, without signing in.</CardDescription>
      </CardHeader>
      <CardContent>
        <Link aria-label="Client link">{link}</Link>
        <Row>
          <Button $variant="outline" $size="sm" onClick={() => share.mutate(project.id)} disabled={share.isPending}>
            {share.isPending ? <Loader2 aria-hidden /> : <Copy aria-hidden />}
            Copy link
          </Button>
          <Button $variant="ghost" $size="sm" onClick={() => setConfirming(true)} disabled={reset.isPending}>
            <RefreshCcw aria-hidden />
            Reset link
          </Button>
        </Row>
      </CardContent>
      <Dialog open={confirming} onOpenChange={(open) => !reset.isPending && setConfirming(open)}>
        <DialogContent width="440px" aria-describedby="reset-link-description" hideClose={reset.isPending}>
          <DialogTitle>Reset the client link?</DialogTitle>
          <DialogDescription id="reset-link-description">
            The current link stops working at once, for your client and for anyone it was passed to, including designers you removed. You get a new
            link to send to your client.
          </DialogDescription>
          <DialogFooter>
            <Button $variant="outline" onClick={() => setConfirming(false)} disabled={reset.isPending}>
              Cancel
            </Button>
            <Button $variant="destructive" onClick={confirm} disabled={reset.isPending}>
              {reset.isPending ? <Loader2 aria-hidden /> : <RefreshCcw aria-hidden />}
              Reset link
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
