import type { MemberRole, Project, ProjectMember } from '@midway/contracts';
import { canOnProject } from '@midway/contracts/vocab';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmailText, FieldError, Input, isUnauthorizedError, Label, NativeSelect, Skeleton, toast, serverMessage } from '@midway/ui';
import { Avatar } from '@midway/ui/avatar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, Mail, UserMinus, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { catalogApi } from '../api/catalog-api';
import { queryKeys } from '../api/query-keys';
import { formatDate, initials } from '../shared/format';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// minmax(0, 1fr): a long name or address sizes no track wider than the card (an auto track took the text's width).
const List = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 10px;
`;

// Names and addresses wrap (whole, never cut off); the badge goes under them when the row is too narrow for both.
const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  > div { flex: 1 1 160px; min-width: 0; }
  p { overflow-wrap: anywhere; }
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const AddRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-start;
  > div:first-child { flex: 1 1 200px; }
  > div:nth-child(2) { flex: 0 0 120px; }
  > div:nth-child(2) select { min-width: 0; }
`;

const ROLE_OPTIONS = [
  { value: 'member', label: 'Member' },
  { value: 'viewer', label: 'Viewer' },
] as const;
const ROLE_LABEL = { owner: 'Owner', member: 'Member', viewer: 'Viewer' } as const;

/** A row's name, and what the remove button says and sends: a member's user id, or an invitation's id. */
function describe(m: ProjectMember) {
  if (m.status === 'invited') return { key: `invited:${m.id}`, name: m.email, detail: `Invited · expires ${formatDate(m.expiresAt) ?? ''}`, removeId: m.id, removeLabel: `Revoke the invitation of ${m.email}` };
  const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email || 'A Midway designer';
  return { key: m.userId, name, detail: m.email, removeId: m.role === 'owner' ? null : m.userId, removeLabel: `Remove ${name}` };
}

function useMembers(projectId: string) {
  return useQuery({ queryKey: queryKeys.members(projectId), queryFn: () => catalogApi.listMembers(projectId) });
}

/**
 * 'Share with designer': the owner, the designers who work on the project (members change it, viewers read it)
 * and the invitations not yet answered. Only the owner or an admin invites, removes and revokes; an invited
 * designer joins when they accept (from the e-mail's link or their dashboard).
 */
export function ProjectMembers({ project }: { project: Pick<Project, 'id' | 'access'> }) {
  const queryClient = useQueryClient();
  const members = useMembers(project.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('member');
  const [error, setError] = useState<string | null>(null);
  const canManage = canOnProject(project.access, 'manageMembers');
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.members(project.id) }), queryClient.invalidateQueries({ queryKey: queryKeys.activities })]);

  const invite = useMutation({
    mutationFn: (address: string) => catalogApi.inviteMember(project.id, address, role),
    onSuccess: async (sent) => {
      setEmail('');
      toast({ title: 'Invitation sent', description: sent.message, variant: 'success' });
      await refresh();
    },
    onError: (e) => {
      if (!isUnauthorizedError(e)) setError(serverMessage(e) ?? 'Failed to send the invitation. Please try again.');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => catalogApi.removeMember(project.id, id),
    onSuccess: refresh,
    onError: (e) => {
      if (!isUnauthorizedError(e)) toast({ title: 'Error', description: serverMessage(e) ?? 'Failed to remove the designer. Please try again.', variant: 'destructive' });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL.test(address)) return setError('Please enter a valid email address');
    setError(null);
    invite.mutate(address);
  };

  const rows = members.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Designers</CardTitle>
        <CardDescription>People at your studio who work on this project. They join when they accept your invitation.</CardDescription>
      </CardHeader>
      <CardContent>
        {members.isLoading ? (
          <Skeleton $height="36px" style={{ marginBottom: 16 }} />
        ) : rows.length > 1 ? (
          <List aria-label="Project designers">
            {rows.map((m) => {
              const row = describe(m);
              return (
                <Row key={row.key}>
                  {m.status === 'invited' ? <Mail aria-hidden size={20} style={{ margin: '0 6px' }} /> : <Avatar fallback={initials(row.name)} size={32} />}
                  <div>
                    <p>{m.status === 'invited' ? <EmailText email={row.name} /> : row.name}</p>
                    <Muted>{m.status === 'invited' || !row.detail ? row.detail : <EmailText email={row.detail} />}</Muted>
                  </div>
                  <Badge $tone={m.status === 'invited' ? 'yellow' : m.role === 'owner' ? 'blue' : 'grey'}>{m.status === 'invited' ? `Invited · ${ROLE_LABEL[m.role]}` : ROLE_LABEL[m.role]}</Badge>
                  {canManage && row.removeId ? (
                    <Button $variant="ghost" $size="sm" aria-label={row.removeLabel} disabled={remove.isPending} onClick={() => remove.mutate(row.removeId!)}>
                      <UserMinus aria-hidden />
                    </Button>
                  ) : null}
                </Row>
              );
            })}
          </List>
        ) : (
          <Muted style={{ marginBottom: 16 }}>Only you work on this project so far.</Muted>
        )}
        {canManage ? (
          <AddRow onSubmit={submit} noValidate aria-label="Invite a designer">
            <div>
              <Label htmlFor="member-email" className="visually-hidden">
                Designer email
              </Label>
              <Input
                id="member-email"
                type="email"
                placeholder="designer@studio.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                disabled={invite.isPending}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'member-email-error' : undefined}
              />
              {error ? <FieldError id="member-email-error">{error}</FieldError> : null}
            </div>
            <div>
              <NativeSelect id="member-role" aria-label="Role" value={role} onValueChange={(v) => setRole(v as MemberRole)} options={ROLE_OPTIONS} disabled={invite.isPending} />
            </div>
            <Button type="submit" $variant="outline" disabled={invite.isPending}>
              {invite.isPending ? <Loader2 aria-hidden /> : <UserPlus aria-hidden />}
              Invite
            </Button>
          </AddRow>
        ) : null}
      </CardContent>
    </Card>
  );
}
