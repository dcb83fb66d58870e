import type { Project } from '@midway/contracts';
import { canOnProject } from '@midway/contracts/vocab';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FieldError, Input, isUnauthorizedError, Label, Skeleton, toast, serverMessage } from '@midway/ui';
import { Avatar } from '@midway/ui/avatar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, UserMinus, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { catalogApi } from '../api/catalog-api';
import { queryKeys } from '../api/query-keys';
import { initials } from '../shared/format';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const List = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 10px;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 10px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  > div { flex: 1; min-width: 0; }
  p { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const AddRow = styled.form`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  > div { flex: 1; }
`;

function useMembers(projectId: string) {
  return useQuery({ queryKey: queryKeys.members(projectId), queryFn: () => catalogApi.listMembers(projectId) });
}

/**
 * 'Share with designer': other Midway designers who work on the project (members change it, viewers read it).
 * Only the owner or an admin adds and removes them.
 */
export function ProjectMembers({ project }: { project: Pick<Project, 'id' | 'access'> }) {
  const queryClient = useQueryClient();
  const members = useMembers(project.id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canManage = canOnProject(project.access, 'manageMembers');
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.members(project.id) }), queryClient.invalidateQueries({ queryKey: queryKeys.activities })]);

  const add = useMutation({
    mutationFn: (address: string) => catalogApi.addMember(project.id, address),
    onSuccess: async (_list, address) => {
      setEmail('');
      toast({ title: 'Project shared', description: `${address} can now see and update this project.`, variant: 'success' });
      await refresh();
    },
    onError: (e) => {
      if (!isUnauthorizedError(e)) setError(serverMessage(e) ?? 'Failed to share the project. Please try again.');
    },
  });
  const remove = useMutation({
    mutationFn: (userId: string) => catalogApi.removeMember(project.id, userId),
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
    add.mutate(address);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Designers</CardTitle>
        <CardDescription>People at your studio who work on this project.</CardDescription>
      </CardHeader>
      <CardContent>
        {members.isLoading ? (
          <Skeleton $height="36px" style={{ marginBottom: 16 }} />
        ) : members.data && members.data.length > 0 ? (
          <List aria-label="Project designers">
            {members.data.map((m) => {
              const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;
              return (
                <Row key={m.userId}>
                  <Avatar fallback={initials(name)} size={32} />
                  <div>
                    <p>{name}</p>
                    <Muted>{m.email}</Muted>
                  </div>
                  {canManage ? (
                    <Button $variant="ghost" $size="sm" aria-label={`Remove ${name}`} disabled={remove.isPending} onClick={() => remove.mutate(m.userId)}>
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
          <AddRow onSubmit={submit} noValidate aria-label="Share with designer">
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
                disabled={add.isPending}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'member-email-error' : undefined}
              />
              {error ? <FieldError id="member-email-error">{error}</FieldError> : null}
            </div>
            <Button type="submit" $variant="outline" disabled={add.isPending}>
              {add.isPending ? <Loader2 aria-hidden /> : <UserPlus aria-hidden />}
              Share
            </Button>
          </AddRow>
        ) : null}
      </CardContent>
    </Card>
  );
}
