import type {
  Activity,
  CreateItemBody,
  CreateProjectBody,
  DashboardProjectsQuery,
  DashboardStats,
  Invitation,
  InvitationAccepted,
  InvitationLink,
  InvitationSent,
  Item,
  ItemStatus,
  MemberRole,
  ProjectMember,
  Project,
  ProjectDetail,
  ProjectPage,
  SharedProject,
  UpdateProjectBody,
} from '@midway/contracts';
import { apiJson, apiRequest } from '@midway/ui';

/** What POST /api/projects/{id}/items is sent: the create body as the form has it (price as a decimal string). */
export type NewItemInput = Pick<CreateItemBody, 'name'> & Partial<Record<'supplier' | 'trackingNumber' | 'productUrl' | 'notes' | 'price' | 'photoUrl', string>>;
export type NewProjectInput = Pick<CreateProjectBody, 'name' | 'clientName' | 'location'> & { clientEmail?: string; installDate?: string };

/**
 * The remote's client of catalog's HTTP API (through the gateway, same origin, cookies sent).
 * `baseUrl` is '' in the browser; the Pact consumer tests point it at the mock provider.
 * Every non-OK answer throws the ui client's ApiError ('<status>: <body>').
 */
export function createCatalogApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  const id = encodeURIComponent;
  return {
    listProjects: () => apiJson<Project[]>('GET', url('/api/projects')),
    getProject: (projectId: string) => apiJson<ProjectDetail>('GET', url(`/api/projects/${id(projectId)}`)),
    createProject: (body: NewProjectInput) => apiJson<Project>('POST', url('/api/projects'), body),
    updateProject: (projectId: string, body: UpdateProjectBody) => apiJson<Project>('PUT', url(`/api/projects/${id(projectId)}`), body),
    addItem: (projectId: string, body: NewItemInput) => apiJson<Item>('POST', url(`/api/projects/${id(projectId)}/items`), body),
    updateItemStatus: (itemId: string, status: ItemStatus) => apiJson<Item>('PUT', url(`/api/items/${id(itemId)}/status`), { status }),
    shareProject: (projectId: string) => apiJson<{ shareToken: string }>('POST', url(`/api/projects/${id(projectId)}/share`)),
    /** A new client link token; the old link stops working at once (owner or admin only). */
    resetShareLink: (projectId: string) => apiJson<{ shareToken: string }>('POST', url(`/api/projects/${id(projectId)}/share`), { rotate: true }),
    getSharedProject: (token: string) => apiJson<SharedProject>('GET', url(`/api/shared/projects/${id(token)}`)),
    /** The owner, the members and the pending invitations. */
    listMembers: (projectId: string) => apiJson<ProjectMember[]>('GET', url(`/api/projects/${id(projectId)}/members`)),
    /** Invites an address (202 with the same message whoever it belongs to). */
    inviteMember: (projectId: string, email: string, role: MemberRole = 'member') => apiJson<InvitationSent>('POST', url(`/api/projects/${id(projectId)}/members`), { email, role }),
    /** Removes a member (their user id) or revokes an invitation (its id). */
    removeMember: async (projectId: string, userId: string): Promise<void> => {
      await apiRequest('DELETE', url(`/api/projects/${id(projectId)}/members/${id(userId)}`));
    },
    /** The signed-in user's pending invitations. */
    listInvitations: () => apiJson<Invitation[]>('GET', url('/api/invitations')),
    /** What an e-mailed invitation link is for (public: the token is the credential). */
    getInvitationLink: (token: string) => apiJson<InvitationLink>('GET', url(`/api/invitations/link/${id(token)}`)),
    /** Joins: with the e-mailed link's `token` as whoever is signed in; without it only as the invitee with a verified address (else 403). */
    acceptInvitation: (invitationId: string, token?: string) => apiJson<InvitationAccepted>('POST', url(`/api/invitations/${id(invitationId)}/accept`), token === undefined ? undefined : { token }),
    declineInvitation: async (invitationId: string, token?: string): Promise<void> => {
      await apiRequest('POST', url(`/api/invitations/${id(invitationId)}/decline`), token === undefined ? undefined : { token });
    },
    dashboardProjects: (q: DashboardProjectsQuery) => apiJson<ProjectPage>('GET', url(`/api/dashboard/projects?${new URLSearchParams({ limit: String(q.limit), offset: String(q.offset), ...(q.status ? { status: q.status } : {}) })}`)),
    getDashboardStats: () => apiJson<DashboardStats>('GET', url('/api/dashboard/stats')),
    listActivities: (limit: number) => apiJson<Activity[]>('GET', url(`/api/activities?limit=${limit}`)),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;

/** The browser's instance. */
export const catalogApi: CatalogApi = createCatalogApi();
