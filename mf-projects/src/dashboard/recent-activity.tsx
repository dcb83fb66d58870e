import type { Activity } from '@midway/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@midway/ui';
import { DASHBOARD_SKELETON, EmptyState, ListSkeleton } from '@midway/ui/data';
import { Activity as ActivityIcon, Box, FolderPlus, RefreshCw, Share2 } from 'lucide-react';
import { Link } from '@midway/ui/router';
import styled from 'styled-components';
import { useRecentActivity } from '../api/catalog-queries';
import { timeAgo } from '../shared/format';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
`;

const Entry = styled.li`
  display: flex;
  gap: 12px;
  padding: 10px 0;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const Dot = styled.span`
  flex-shrink: 0;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};
  svg { width: 16px; height: 16px; }
`;

const Description = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Meta = styled.p`
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textSubtle};
  a { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** An icon by the kind of entry; the type names are catalog's, so only their words are relied on. */
function iconFor(type: string) {
  if (/status/i.test(type)) return RefreshCw;
  if (/shar/i.test(type)) return Share2;
  if (/item/i.test(type)) return Box;
  if (/project/i.test(type)) return FolderPlus;
  return ActivityIcon;
}

function ActivityEntry({ activity }: { activity: Activity }) {
  const Icon = iconFor(activity.type);
  return (
    <Entry data-testid="activity-entry">
      <Dot>
        <Icon aria-hidden />
      </Dot>
      <div>
        <Description>{activity.description}</Description>
        <Meta>
          <Link to={`/projects/${activity.projectId}`}>{activity.projectName}</Link> · <time dateTime={activity.createdAt}>{timeAgo(activity.createdAt)}</time>
        </Meta>
      </div>
    </Entry>
  );
}

/** The dashboard's Recent Activity panel: the newest entries of the caller's projects. */
export function RecentActivity() {
  const { data, isLoading } = useRecentActivity();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <ListSkeleton rows={DASHBOARD_SKELETON.activityRows} label="Loading activity" testId="activity-skeleton" />
        ) : data && data.length > 0 ? (
          <List>
            {data.map((a) => (
              <ActivityEntry key={a.id} activity={a} />
            ))}
          </List>
        ) : (
          <EmptyState icon={ActivityIcon} title="No recent activity" text="Activity will appear here as you work with projects and items" />
        )}
      </CardContent>
    </Card>
  );
}
