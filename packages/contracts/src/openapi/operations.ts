import { z } from 'zod';
import { errorBodySchema } from '../errors';
import { contactBodySchema, contactResponseSchema } from '../identity/contact';
import {
  changePasswordBodySchema,
  loginBodySchema,
  passwordMessageSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  registerBodySchema,
  verificationSentSchema,
} from '../identity/auth';
import { currentUserSchema, profileBodySchema } from '../identity/users';
import { recoveryCodesSchema, secondFactorCodeBodySchema, secondStepRequiredSchema, totpConfirmBodySchema, totpSetupSchema } from '../identity/second-factor';
import { activitySchema, listActivitiesQuerySchema } from '../catalog/activity';
import { dashboardProjectsQuerySchema, dashboardStatsSchema, projectPageSchema } from '../catalog/dashboard';
import {
  bulkDeleteItemsBodySchema,
  bulkDeleteItemsResponseSchema,
  bulkImportBodySchema,
  bulkImportResponseSchema,
  bulkItemStatusBodySchema,
  bulkItemStatusResponseSchema,
  createItemBodySchema,
  itemSchema,
  itemsSummaryQuerySchema,
  itemsSummarySchema,
  listItemsQuerySchema,
  trackingMatchesQuerySchema,
  trackingMatchSchema,
  updateItemBodySchema,
  updateItemStatusBodySchema,
} from '../catalog/items';
import { acceptInvitationBodySchema, addMemberBodySchema, invitationAcceptedSchema, invitationLinkSchema, invitationSchema, invitationSentSchema, projectMemberSchema } from '../catalog/members';
import { createProjectBodySchema, projectDetailSchema, projectSchema, updateProjectBodySchema } from '../catalog/projects';
import { SEARCH_INCOMPLETE_HEADER, searchQuerySchema, searchResultSchema } from '../catalog/search';
import { shareProjectBodySchema, sharedProjectSchema, shareResponseSchema } from '../catalog/sharing';
import {
  bulkServicesBodySchema,
  bulkServicesResponseSchema,
  listServicesQuerySchema,
  serviceSchema,
  servicesSummaryQuerySchema,
  servicesSummarySchema,
  updateServiceBodySchema,
} from '../logistics/services';
import { carrierSchema } from '../logistics/carriers';
import { attachPhotoBodySchema, attachPhotoResponseSchema, uploadCompleteSchema, uploadResponseSchema } from '../logistics/photos';
import {
  arrivalSchema,
  assignArrivalBodySchema,
  createArrivalBodySchema,
  inspectBodySchema,
  inspectionQueueEntrySchema,
  inspectionSchema,
  listArrivalsQuerySchema,
  listInspectionsQuerySchema,
  scanBodySchema,
  scanResponseSchema,
  assignableItemSchema,
  assignableItemsQuerySchema,
  discardArrivalBodySchema,
} from '../logistics/receiving';
import {
  completeDeliveryBodySchema,
  createDeliveryBodySchema,
  deliveryDaysQuerySchema,
  deliveryDaysSchema,
  deliveryRunProposalSchema,
  deliveryRunSchema,
  deliveryRunsQuerySchema,
  deliverySchema,
  fixDeliveryRunBodySchema,
  listDeliveriesQuerySchema,
  updateDeliveryBodySchema,
} from '../logistics/deliveries';
import { PURCHASE_ORDER_MAX_BYTES, purchaseOrderImportSchema, purchaseOrderSchema, purchaseOrderSummarySchema } from '../logistics/purchase-orders';
import {
  closeCountBodySchema,
  countReportSchema,
  countScanBodySchema,
  countScanResultSchema,
  countSchema,
  createCountBodySchema,
  createLocationBodySchema,
  custodyEventSchema,
  custodyViewSchema,
  leftBehindBodySchema,
  listCountsQuerySchema,
  loadBodySchema,
  locationSchema,
  moveBodySchema,
  pickListSchema,
  releaseBodySchema,
  runLoadSchema,
  warehouseItemsQuerySchema,
} from '../logistics/custody';
import { addInvoiceItemBodySchema, createInvoiceBodySchema, invoiceDetailSchema, invoiceItemSchema, invoiceListEntrySchema, invoicesSummaryQuerySchema, invoicesSummarySchema, listInvoicesQuerySchema, updateInvoiceItemBodySchema } from '../billing/invoices';
import { confirmTestPaymentBodySchema, createPaymentIntentBodySchema, handleAnomalyBodySchema, paymentAnomalySchema, paymentIntentResultSchema } from '../billing/payments';
import { publicInvoiceSchema } from '../billing/pay-link';
import { billingActionResultSchema, billingPeriodBodySchema, billingRateSchema, updateRateBodySchema } from '../billing/rates';
import { taxRateBodySchema, taxRateSchema, unbilledSummarySchema } from '../billing/taxes';
import { DAMAGE_PHOTO_LINK_DAYS, DELIVERY_PHOTO_LINK_DAYS, INSPECTION_DUE_HOURS, NEXT_CURSOR_HEADER, PHOTO_MAX_BYTES, PHOTO_TYPES } from '../vocab';

/**
 * Every HTTP call the gateway answers under /api, as data: the OpenAPI document (./document.ts) is built from
 * this table and the schemas the services parse with, and the gateway's test fails when a service registers a
 * route that has no entry here.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ApiTag = 'identity' | 'projects' | 'members' | 'items' | 'sharing' | 'dashboard' | 'services' | 'receiving' | 'warehouse' | 'deliveries' | 'purchaseOrders' | 'photos' | 'invoices' | 'billing' | 'search' | 'documentation';

/** Who may call: anyone, or a caller with a session cookie (the gateway answers 401 otherwise). */
export type ApiSecurity = 'public' | 'session';

export interface ApiResponse {
  description: string;
  /** A JSON body, named in components.schemas. */
  schema?: NamedSchema;
  /** A non-JSON body: an HTML page, or a stored photo (its own image type). */
  contentType?: 'text/html' | 'image/*' | 'application/pdf';
  headers?: Record<string, { description: string }>;
}

/** A schema and the name it gets in components.schemas (each name once per document). */
export interface NamedSchema {
  name: string;
  schema: z.ZodType;
  /** The response is a JSON array of the schema. */
  list?: boolean;
}

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path template: `/api/projects/{id}` (express's `:id` written as `{id}`). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: ApiTag;
  security: ApiSecurity;
  /** Path parameters by name; every `{name}` in the path has one. */
  params?: Record<string, { description: string; uuid?: boolean }>;
  /** A zod object whose fields are the query parameters. */
  query?: z.ZodObject;
  /** `form`: also accepted as an HTML form post; `optional`: the body may be left out. */
  body?: NamedSchema & { form?: boolean; optional?: boolean };
  /** A body of raw bytes instead (a file upload), of these media types. */
  upload?: { contentTypes: string[]; description: string };
  /** Success responses by status. Error responses (ErrorBody) are added from the operation's shape. */
  responses: Record<number, ApiResponse>;
  /** Error statuses beyond the ones every operation of its shape has (400 for input, 401 for session, 404 for ids). */
  errors?: number[];
}

const named = (name: string, schema: z.ZodType, list = false): NamedSchema => ({ name, schema, list });

const Project = named('Project', projectSchema);
const Item = named('Item', itemSchema);
const CurrentUser = named('CurrentUser', currentUserSchema);
const PasswordMessage = named('PasswordMessage', passwordMessageSchema);
export const ERROR_BODY = named('ErrorBody', errorBodySchema);
const InvoiceDetail = named('InvoiceDetail', invoiceDetailSchema);
const BillingActionResult = named('BillingActionResult', billingActionResultSchema);
const invoiceId = { id: { description: 'The invoice id.', uuid: true } };
const taxRateId = { id: { description: 'The tax rate id.', uuid: true } };

const projectId = { id: { description: 'The project id.', uuid: true } };
const itemId = { id: { description: 'The item id.', uuid: true } };
const signedIn = { description: 'Signed in: the session cookie is set.', schema: CurrentUser, headers: { 'Set-Cookie': { description: 'midway_session, httpOnly, SameSite=Lax, 7 days.' } } };
/** An invitation's page sends the invitee to sign in or up with their address filled in, and back after. */
const signInPageQuery = z.object({
  email: z.string().optional().describe('Filled into the form.'),
  returnTo: z.string().optional().describe('A path on this site to go to once signed in (anything else goes to `/`).'),
});
const formRedirect = { description: 'Form post: signed in, redirected to the app (`/`, or the form\'s `returnTo` path).', headers: { Location: { description: '/ or returnTo' } } };

export const API_OPERATIONS: ApiOperation[] = [
  /* ---------- identity ---------- */
  {
    method: 'get', path: '/api/login', operationId: 'loginPage', tag: 'identity', security: 'public',
    summary: 'The sign-in page', query: signInPageQuery,
    responses: { 200: { description: 'An HTML sign-in form that posts to POST /api/login (a form post with `returnTo` is redirected there).', contentType: 'text/html' } },
  },
  {
    method: 'post', path: '/api/login', operationId: 'login', tag: 'identity', security: 'public',
    summary: 'Sign in with e-mail and password',
    description: 'JSON callers get the user and the session cookie; a form post is redirected to `/` (or gets the page back with the error). An account with a second factor gets no session yet: 202 (a form: a redirect to /api/login/second-factor) and a pending step’s cookie for POST /api/login/second-factor. Rate-limited per IP and per account.',
    body: { ...named('LoginBody', loginBodySchema), form: true },
    responses: { 200: signedIn, 202: { description: 'The password is right; the app’s code comes next (no session yet).', schema: named('SecondStepRequired', secondStepRequiredSchema) }, 303: formRedirect },
    errors: [401, 429],
  },
  {
    method: 'get', path: '/api/register', operationId: 'registerPage', tag: 'identity', security: 'public',
    summary: 'The sign-up page', query: signInPageQuery,
    responses: { 200: { description: 'An HTML sign-up form that posts to POST /api/register (a form post with `returnTo` is redirected there).', contentType: 'text/html' } },
  },
  {
    method: 'post', path: '/api/register', operationId: 'register', tag: 'identity', security: 'public',
    summary: 'Create a designer account and sign in',
    description: 'Rate-limited per IP and per account. A form post is redirected to `/`.',
    body: { ...named('RegisterBody', registerBodySchema), form: true },
    responses: { 201: { ...signedIn, description: 'Registered and signed in: the session cookie is set.' }, 303: formRedirect },
    errors: [409, 429],
  },
  {
    method: 'get', path: '/api/logout', operationId: 'logout', tag: 'identity', security: 'public',
    summary: 'Sign out',
    description: 'Revokes the session, clears the cookie and redirects to `/`. A request the browser marks cross-site gets a page asking to confirm instead.',
    responses: { 303: { description: 'Signed out, redirected to `/`.' }, 200: { description: 'Cross-site request: a page with a sign-out button.', contentType: 'text/html' } },
  },
  {
    method: 'post', path: '/api/logout', operationId: 'logoutPost', tag: 'identity', security: 'public',
    summary: 'Sign out (the confirmation page’s button)',
    responses: { 303: { description: 'Signed out, redirected to `/`.' } },
    errors: [403],
  },
  {
    method: 'get', path: '/api/password-reset', operationId: 'passwordResetPage', tag: 'identity', security: 'public',
    summary: 'The forgot-password page', responses: { 200: { description: 'An HTML form that posts to POST /api/password-reset.', contentType: 'text/html' } },
  },
  {
    method: 'post', path: '/api/password-reset', operationId: 'requestPasswordReset', tag: 'identity', security: 'public',
    summary: 'E-mail a password-reset link',
    description: 'The same answer whether or not an account uses the address; if one does, it is e-mailed a single-use link valid for 1 hour. Rate-limited per IP and per address.',
    body: { ...named('PasswordResetRequestBody', passwordResetRequestBodySchema), form: true },
    responses: { 202: { description: 'Accepted (whether or not the address has an account).', schema: PasswordMessage } },
    errors: [429],
  },
  {
    method: 'get', path: '/api/password-reset/confirm', operationId: 'passwordResetConfirmPage', tag: 'identity', security: 'public',
    summary: 'The page an e-mailed reset link opens',
    query: z.object({ token: z.string().optional() }),
    responses: { 200: { description: 'An HTML form for the new password (or, for a used or expired link, a way to ask for a new one).', contentType: 'text/html' } },
  },
  {
    method: 'post', path: '/api/password-reset/confirm', operationId: 'confirmPasswordReset', tag: 'identity', security: 'public',
    summary: 'Choose a new password with an e-mailed link',
    description: 'The link works once: the password changes, every other link of the user stops working and every session of the user is revoked. A used, expired or unknown link is a 400 `invalid_token`. Rate-limited per IP.',
    body: { ...named('PasswordResetConfirmBody', passwordResetConfirmBodySchema), form: true },
    responses: { 200: { description: 'Password changed; signed out everywhere.', schema: PasswordMessage } },
    errors: [429],
  },
  {
    method: 'post', path: '/api/user/password', operationId: 'changePassword', tag: 'identity', security: 'session',
    summary: "Change the signed-in user's password",
    description: 'Needs the current password (400 when it is wrong). The caller stays signed in; every other session of theirs is revoked.',
    body: named('ChangePasswordBody', changePasswordBodySchema),
    responses: { 200: { description: 'Password changed.', schema: PasswordMessage } },
    errors: [429],
  },
  {
    method: 'put', path: '/api/user/profile', operationId: 'updateProfile', tag: 'identity', security: 'session',
    summary: "Change the signed-in user's name, company and phone",
    description: 'The e-mail stays (it is the account). Other services learn the new name and company from `identity.user.updated.v1`.',
    body: named('ProfileBody', profileBodySchema),
    responses: { 200: { description: 'The caller, changed.', schema: CurrentUser } },
  },
  {
    method: 'get', path: '/api/auth/user', operationId: 'currentUser', tag: 'identity', security: 'session',
    summary: 'The signed-in user', responses: { 200: { description: 'The caller.', schema: CurrentUser } },
  },
  {
    method: 'get', path: '/api/auth/verify-email', operationId: 'verifyEmailPage', tag: 'identity', security: 'public',
    summary: 'The page an e-mailed address-verification link opens',
    description: 'Uses the link (once, within 24 hours): the address is verified. A used link of an address already verified says so; an expired or unknown one says how to get a new link.',
    query: z.object({ token: z.string().optional() }),
    responses: { 200: { description: 'An HTML page saying the address is verified, or how to get a new link.', contentType: 'text/html' } },
  },
  {
    method: 'post', path: '/api/auth/verify-email/resend', operationId: 'resendVerificationEmail', tag: 'identity', security: 'session',
    summary: "E-mail the signed-in user a new address-verification link",
    description: 'Rate-limited per IP and per account. An address already verified is a 409 `already_verified`.',
    responses: { 202: { description: 'A new link is on its way.', schema: named('VerificationSent', verificationSentSchema) } },
    errors: [409, 429],
  },
  {
    method: 'get', path: '/api/login/oidc/{provider}', operationId: 'oidcSignInStart', tag: 'identity', security: 'public',
    summary: 'Continue with an OpenID Connect provider (Google, Microsoft, another issuer)',
    description: 'Only for a provider configured in identity (`OIDC_<NAME>_*`); any other is a 404 page. Keeps the state, nonce and PKCE verifier server-side, sets the state in an httpOnly cookie for the callback (10 minutes) and redirects to the provider. `?returnTo=` (a path on this site) is where to go once signed in. A browser navigation: its refusals are HTML pages.',
    params: { provider: { description: '`google`, `microsoft` or `oidc` (the generic issuer).' } },
    responses: {
      303: { description: 'To the provider’s authorization endpoint.', headers: { Location: { description: 'The provider’s sign-in' } } },
      404: { description: 'No such provider configured: a page saying to sign in with e-mail and password.', contentType: 'text/html' },
      503: { description: 'The provider cannot be reached: a page saying to try again.', contentType: 'text/html' },
    },
  },
  {
    method: 'get', path: '/api/login/oidc/{provider}/callback', operationId: 'oidcSignInCallback', tag: 'identity', security: 'public',
    summary: 'Where the provider sends the browser back',
    description: 'The provider’s `code`, `state` (and `iss`) or `error` in the query. The state must match the browser’s cookie and a sign-in started within 10 minutes, used once; the code is exchanged with the PKCE verifier and the ID token verified (signature, issuer, audience, expiry, nonce). A linked account signs in; otherwise an address the provider marks `email_verified` links to the account with it or creates a verified one. An account with a second factor goes to its second step. A browser navigation: its refusals are HTML pages saying what to do.',
    params: { provider: { description: 'The provider the sign-in started with.' } },
    responses: {
      303: { description: 'Signed in (to `returnTo`), or on to the second step.', headers: { Location: { description: 'returnTo or /api/login/second-factor' } } },
      400: { description: 'A state used, expired, forged or from another browser, a code or ID token that does not verify, or the provider’s refusal: a page saying to start again.', contentType: 'text/html' },
      403: { description: 'The provider’s address is not verified (or not shared): a page saying what to do.', contentType: 'text/html' },
      404: { description: 'No such provider configured.', contentType: 'text/html' },
    },
  },
  {
    method: 'get', path: '/api/login/second-factor', operationId: 'secondStepPage', tag: 'identity', security: 'public',
    summary: 'The sign-in’s second step: the authenticator app’s code',
    responses: { 200: { description: 'An HTML form for the code (with a pending step’s cookie).', contentType: 'text/html' }, 303: { description: 'No pending step: back to sign in.' } },
  },
  {
    method: 'post', path: '/api/login/second-factor', operationId: 'secondStep', tag: 'identity', security: 'public',
    summary: 'Finish signing in with the app’s code or a recovery code',
    description: 'Needs the pending step’s httpOnly cookie (5 minutes) that POST /api/login set with its 202. A code is accepted once within its 30-second window; a recovery code once. Rate-limited per IP and per account. A form post is redirected to `returnTo`.',
    body: { ...named('SecondFactorCodeBody', secondFactorCodeBodySchema), form: true },
    responses: { 200: signedIn, 303: formRedirect },
    errors: [401, 429],
  },
  {
    method: 'post', path: '/api/auth/second-factor/setup', operationId: 'secondFactorSetup', tag: 'identity', security: 'session',
    summary: 'Start enrolling an authenticator app (staff)',
    description: 'A new secret, as a QR code and as text. Nothing is on until a first code confirms it. Admins only (403 otherwise); 409 when an app is on already.',
    responses: { 200: { description: 'The secret for the app.', schema: named('TotpSetup', totpSetupSchema) } },
    errors: [403, 409],
  },
  {
    method: 'post', path: '/api/auth/second-factor/confirm', operationId: 'secondFactorConfirm', tag: 'identity', security: 'session',
    summary: 'Turn the app on with its first code; the recovery codes, shown once',
    description: 'The session cookie is signed again (under `ADMIN_2FA=required` it reaches everything from now on). Only the recovery codes’ hashes are kept.',
    body: named('TotpConfirmBody', totpConfirmBodySchema),
    responses: { 200: { description: 'On; ten recovery codes.', schema: named('RecoveryCodes', recoveryCodesSchema) } },
    errors: [403, 409, 429],
  },
  {
    method: 'post', path: '/api/contact', operationId: 'contact', tag: 'identity', security: 'public',
    summary: 'Send a message to the provider (landing page contact form)',
    description: 'Rate-limited per IP and per account.',
    body: named('ContactBody', contactBodySchema),
    responses: { 200: { description: 'Received.', schema: named('ContactResponse', contactResponseSchema) } },
    errors: [429],
  },

  /* ---------- projects ---------- */
  {
    method: 'get', path: '/api/projects', operationId: 'listProjects', tag: 'projects', security: 'session',
    summary: 'The projects the caller reaches (created, member of, or all for an admin)',
    responses: { 200: { description: 'Projects, newest first.', schema: named('Project', projectSchema, true) } },
  },
  {
    method: 'post', path: '/api/projects', operationId: 'createProject', tag: 'projects', security: 'session',
    summary: 'Create a project', body: named('CreateProjectBody', createProjectBodySchema),
    responses: { 201: { description: 'The new project.', schema: Project } },
  },
  {
    method: 'get', path: '/api/projects/{id}', operationId: 'getProject', tag: 'projects', security: 'session', params: projectId,
    summary: 'A project with its items, costs and total cost',
    description: '`totalCost` = Σ price × quantity + Σ costs. A project the caller cannot reach is a 404, exactly like a missing one.',
    responses: { 200: { description: 'The project.', schema: named('ProjectDetail', projectDetailSchema) } },
  },
  {
    method: 'put', path: '/api/projects/{id}', operationId: 'updateProject', tag: 'projects', security: 'session', params: projectId,
    summary: 'Change a project’s fields (any subset)', body: named('UpdateProjectBody', updateProjectBodySchema),
    responses: { 200: { description: 'The project as it is now.', schema: Project } },
  },

  /* ---------- members ---------- */
  {
    method: 'get', path: '/api/projects/{id}/members', operationId: 'listMembers', tag: 'members', security: 'session', params: projectId,
    summary: 'The project’s owner, members and pending invitations',
    description: 'The owner first, then the members (`status: active`, with their names) as they joined, then — to the owner (and an admin) only — the invitations not yet answered (`status: invited`, with their e-mail and `expiresAt`).',
    responses: { 200: { description: 'Owner, members and pending invitations.', schema: named('ProjectMember', projectMemberSchema, true) } },
  },
  {
    method: 'post', path: '/api/projects/{id}/members', operationId: 'inviteMember', tag: 'members', security: 'session', params: projectId,
    summary: 'Invite someone to the project by e-mail',
    description: 'Only the owner or an admin. The same answer whether or not an account uses the address, and whether or not it was already invited or is a member. One pending invitation per address and project: the address is e-mailed a link to `/invitations/{token}`, valid 7 days.',
    body: named('AddMemberBody', addMemberBodySchema),
    responses: { 202: { description: 'Accepted (whoever the address belongs to).', schema: named('InvitationSent', invitationSentSchema) } },
  },
  {
    method: 'delete', path: '/api/projects/{id}/members/{userId}', operationId: 'removeMember', tag: 'members', security: 'session',
    params: { ...projectId, userId: { description: 'The member’s user id, or a pending invitation’s id (revokes it).', uuid: true } },
    summary: 'Remove a member, or revoke an invitation', responses: { 204: { description: 'Removed.' } },
  },
  {
    method: 'get', path: '/api/invitations', operationId: 'listInvitations', tag: 'members', security: 'session',
    summary: 'The caller’s pending invitations (matched on the caller’s e-mail, once it is verified)',
    description: 'Empty while the caller’s address is unverified: an invitation belongs to whoever reads its mailbox.',
    responses: { 200: { description: 'Pending, unexpired invitations.', schema: named('Invitation', invitationSchema, true) } },
  },
  {
    method: 'get', path: '/api/invitations/link/{token}', operationId: 'invitationLink', tag: 'members', security: 'public',
    params: { token: { description: 'The token of the e-mailed link.' } },
    summary: 'What an e-mailed invitation link is for (the link’s token is the credential)',
    responses: { 200: { description: 'The pending invitation, with the address it was sent to.', schema: named('InvitationLink', invitationLinkSchema) } },
    errors: [404, 410],
  },
  {
    method: 'post', path: '/api/invitations/{id}/accept', operationId: 'acceptInvitation', tag: 'members', security: 'session',
    params: { id: { description: 'The invitation id.', uuid: true } },
    summary: 'Join the project (through the e-mailed link, or as the invitee with a verified address)',
    description: 'With the e-mailed link’s `token` in the body, the signed-in caller joins (the link proves the mailbox). Without it, only the invitee whose address is verified; an unverified invitee gets a 403 saying to open the link in the e-mail. An expired invitation cannot be accepted (410).',
    body: { ...named('AcceptInvitationBody', acceptInvitationBodySchema), optional: true },
    responses: { 200: { description: 'Joined: the membership works at once in every service.', schema: named('InvitationAccepted', invitationAcceptedSchema) } },
    errors: [403, 410],
  },
  {
    method: 'post', path: '/api/invitations/{id}/decline', operationId: 'declineInvitation', tag: 'members', security: 'session',
    params: { id: { description: 'The invitation id.', uuid: true } },
    summary: 'Decline an invitation (only the invitee)', responses: { 204: { description: 'Declined.' } },
  },

  /* ---------- items ---------- */
  {
    method: 'get', path: '/api/items', operationId: 'listItems', tag: 'items', security: 'session',
    summary: 'Items across the caller’s projects, a page at a time, filtered on the server',
    query: listItemsQuerySchema,
    responses: {
      200: {
        description: 'A page of items.',
        schema: { ...Item, list: true },
        headers: { [NEXT_CURSOR_HEADER]: { description: 'The `cursor` of the next page; absent on the last page.' } },
      },
    },
  },
  {
    method: 'get', path: '/api/items/summary', operationId: 'itemsSummary', tag: 'items', security: 'session',
    summary: 'Counts over every item the filters match: the Items page’s count cards, total and per project',
    description: 'Every count is by the item’s own status (the one rule the dashboard and the project page count by): ordered, inTransit (status in-transit, whatever the tracking number), delivered, received and stored.',
    query: itemsSummaryQuerySchema,
    responses: { 200: { description: 'The counts.', schema: named('ItemsSummary', itemsSummarySchema) } },
  },
  {
    method: 'post', path: '/api/projects/{id}/items', operationId: 'createItem', tag: 'items', security: 'session', params: projectId,
    summary: 'Add an item to a project', body: named('CreateItemBody', createItemBodySchema),
    responses: { 201: { description: 'The new item.', schema: Item } },
  },
  {
    method: 'post', path: '/api/projects/{id}/items/bulk', operationId: 'bulkImportItems', tag: 'items', security: 'session', params: projectId,
    summary: 'Import many items (CSV rows as JSON) in one transaction',
    description: 'Up to 10 MB. Bad rows are reported in `errorDetails`; the good rows are imported together.',
    body: named('BulkImportBody', bulkImportBodySchema),
    responses: { 200: { description: 'What was imported and what was not.', schema: named('BulkImportResponse', bulkImportResponseSchema) } },
    errors: [413],
  },
  {
    method: 'put', path: '/api/items/{id}', operationId: 'updateItem', tag: 'items', security: 'session', params: itemId,
    summary: 'Change an item’s fields (any subset; an empty optional field clears it)', body: named('UpdateItemBody', updateItemBodySchema),
    description: 'While the warehouse holds the item (`inCustody`), an edit naming another status is 409 (the item lifecycle: its facts set the status); one keeping the status passes.',
    responses: { 200: { description: 'The item as it is now.', schema: Item } },
    errors: [409],
  },
  {
    method: 'put', path: '/api/items/{id}/status', operationId: 'updateItemStatus', tag: 'items', security: 'session', params: itemId,
    summary: 'Move an item to a status (stamps receivedAt / deliveredAt)', body: named('UpdateItemStatusBody', updateItemStatusBodySchema),
    description: 'Outside the warehouse’s custody a status is a label (it bills nothing). While the warehouse holds the item (`inCustody`) its facts set the status, and another status is 409 saying so.',
    responses: { 200: { description: 'The item as it is now.', schema: Item } },
    errors: [409],
  },
  {
    method: 'delete', path: '/api/items/{id}', operationId: 'deleteItem', tag: 'items', security: 'session', params: itemId,
    summary: 'Delete an item', responses: { 204: { description: 'Deleted.' } },
  },
  {
    method: 'post', path: '/api/items/bulk-status', operationId: 'bulkItemStatus', tag: 'items', security: 'session',
    summary: 'Move several items to one status at once, all or none',
    description: 'Each item that changes stamps receivedAt / deliveredAt, gets its history line and its events as a single change would. If any item is not reachable by the caller the answer is 404, if any may only be viewed 403, if the warehouse holds any that would change 409 naming them, and nothing changes.',
    body: named('BulkItemStatusBody', bulkItemStatusBodySchema),
    responses: { 200: { description: 'How many items have the status now, and how many changed.', schema: named('BulkItemStatusResponse', bulkItemStatusResponseSchema) } },
    errors: [404, 409],
  },
  {
    method: 'post', path: '/api/items/bulk-delete', operationId: 'bulkDeleteItems', tag: 'items', security: 'session',
    summary: 'Delete several items at once, all or none',
    description: 'If any item is not reachable by the caller the answer is 404, if any may only be viewed 403, and nothing is deleted.',
    body: named('BulkDeleteItemsBody', bulkDeleteItemsBodySchema),
    responses: { 200: { description: 'How many items were deleted.', schema: named('BulkDeleteItemsResponse', bulkDeleteItemsResponseSchema) } },
    errors: [404],
  },
  {
    method: 'get', path: '/api/items/tracking-matches', operationId: 'trackingMatches', tag: 'items', security: 'session',
    summary: 'Other items the caller can see that carry this tracking number (a shipment may hold several items)',
    description: 'Compared without spaces or dashes and in any case; only items of projects the caller reaches, at most 5.',
    query: trackingMatchesQuerySchema,
    responses: { 200: { description: 'The matching items.', schema: named('TrackingMatch', trackingMatchSchema, true) } },
  },

  /* ---------- sharing ---------- */
  {
    method: 'post', path: '/api/projects/{id}/share', operationId: 'shareProject', tag: 'sharing', security: 'session', params: projectId,
    summary: 'The project’s client link token (the same every time; `rotate: true` replaces it)',
    description: 'Owner or admin only. With `{"rotate": true}` a new token replaces the old one, whose link stops working at once.',
    body: { ...named('ShareProjectBody', shareProjectBodySchema), optional: true },
    responses: { 200: { description: 'The token; the client page is /client/{token}.', schema: named('ShareResponse', shareResponseSchema) } },
  },
  {
    method: 'get', path: '/api/shared/projects/{token}', operationId: 'getSharedProject', tag: 'sharing', security: 'public',
    params: { token: { description: 'The share token (the credential).' } },
    summary: 'What the client dashboard shows of a shared project (no prices, notes or e-mails)',
    responses: { 200: { description: 'The shared project.', schema: named('SharedProject', sharedProjectSchema) } },
  },

  /* ---------- dashboard ---------- */
  {
    method: 'get', path: '/api/dashboard/stats', operationId: 'dashboardStats', tag: 'dashboard', security: 'session',
    summary: 'The dashboard’s four figures', responses: { 200: { description: 'The statistics.', schema: named('DashboardStats', dashboardStatsSchema) } },
  },
  {
    method: 'get', path: '/api/dashboard/projects', operationId: 'dashboardProjects', tag: 'dashboard', security: 'session',
    summary: 'The caller’s projects a page at a time, newest first', query: dashboardProjectsQuerySchema,
    description: 'limit (1 to 100, default 10) projects from position offset (of one status if status is given), each with its item count and progress, and total: how many projects the caller reaches (an admin: every project). 400 for a limit or offset out of range.',
    responses: { 200: { description: 'A page of projects and the total.', schema: named('ProjectPage', projectPageSchema) } },
  },
  {
    method: 'get', path: '/api/activities', operationId: 'listActivities', tag: 'dashboard', security: 'session',
    summary: 'Recent activity across the caller’s projects', query: listActivitiesQuerySchema,
    responses: { 200: { description: 'Activities, newest first.', schema: named('Activity', activitySchema, true) } },
  },

  /* ---------- services (logistics) ---------- */
  {
    method: 'get', path: '/api/services', operationId: 'listServices', tag: 'services', security: 'session',
    summary: 'The per-item services (receiving, inspection, storage, delivery, install) across the caller’s projects, a page at a time',
    query: listServicesQuerySchema,
    responses: {
      200: {
        description: 'A page of services.',
        schema: named('Service', serviceSchema, true),
        headers: { [NEXT_CURSOR_HEADER]: { description: 'The `cursor` of the next page; absent on the last page.' } },
      },
    },
  },
  {
    method: 'get', path: '/api/services/summary', operationId: 'servicesSummary', tag: 'services', security: 'session',
    summary: 'Counts and values over every service the filters match (editable=true: only those the caller may change, as bulk does)',
    query: servicesSummaryQuerySchema,
    responses: { 200: { description: 'The counts.', schema: named('ServicesSummary', servicesSummarySchema) } },
  },
  {
    method: 'put', path: '/api/services/{id}', operationId: 'updateService', tag: 'services', security: 'session',
    params: { id: { description: 'The service id.', uuid: true } },
    summary: 'Select or clear one service', body: named('UpdateServiceBody', updateServiceBodySchema),
    responses: { 200: { description: 'The service as it is now.', schema: named('Service', serviceSchema) } },
  },
  {
    method: 'post', path: '/api/services/bulk', operationId: 'bulkUpdateServices', tag: 'services', security: 'session',
    summary: 'Select or clear every service the filter matches that the caller may change',
    body: named('BulkServicesBody', bulkServicesBodySchema),
    responses: { 200: { description: 'How many changed.', schema: named('BulkServicesResponse', bulkServicesResponseSchema) } },
  },
  {
    method: 'get', path: '/api/carriers', operationId: 'listCarriers', tag: 'services', security: 'session',
    summary: 'The carriers an item can name, with their tracking-link templates (`{trackingNumber}` is the number)',
    responses: { 200: { description: 'The carriers.', schema: named('Carrier', carrierSchema, true) } },
  },

  /* ---------- receiving desk (logistics; admin only) ---------- */
  {
    method: 'post', path: '/api/receiving/scan', operationId: 'scanTrackingCode', tag: 'receiving', security: 'session',
    summary: 'The items a scanned or typed tracking code may belong to, across every designer (admin)',
    description: 'Spaces, dashes and case are normalised; a USPS IMpb barcode loses its 420+ZIP prefix and a FedEx 34-digit barcode is read as its last 12 digits. Exact tracking-number matches come first, then items whose number ends with the scanned one (8 characters and more, at most 10). Answers `matches: []` when nothing matches.',
    body: named('ScanBody', scanBodySchema),
    responses: { 200: { description: 'The normalised number and its matches.', schema: named('ScanResponse', scanResponseSchema) } },
    errors: [403],
  },
  {
    method: 'post', path: '/api/receiving/arrivals', operationId: 'recordArrival', tag: 'receiving', security: 'session',
    summary: `Record an arrival: with itemId the item is received and its inspection is due ${INSPECTION_DUE_HOURS} hours later; without, it waits unmatched (admin)`,
    description: 'A repeat for an item already arrived answers 200 with the first arrival and changes nothing; an item already delivered is a 409. Two arrivals of one item at once record one.',
    body: named('CreateArrivalBody', createArrivalBodySchema),
    responses: {
      201: { description: 'The new arrival.', schema: named('Arrival', arrivalSchema) },
      200: { description: 'The item had arrived already: its first arrival, unchanged.', schema: named('Arrival', arrivalSchema) },
    },
    errors: [403, 404, 409],
  },
  {
    method: 'get', path: '/api/receiving/arrivals', operationId: 'listArrivals', tag: 'receiving', security: 'session',
    summary: 'Arrivals, newest first; status=unmatched lists those waiting to be assigned to an item (admin)',
    query: listArrivalsQuerySchema,
    responses: { 200: { description: 'The arrivals.', schema: named('Arrival', arrivalSchema, true) } },
    errors: [403],
  },
  {
    method: 'put', path: '/api/receiving/arrivals/{id}', operationId: 'assignArrival', tag: 'receiving', security: 'session',
    params: { id: { description: 'The arrival id.', uuid: true } },
    summary: 'Assign an unmatched arrival to its item, which becomes received as of the arrival (admin)',
    description: 'An arrival already assigned, or an item that has arrived already or was delivered, is a 409.',
    body: named('AssignArrivalBody', assignArrivalBodySchema),
    responses: { 200: { description: 'The arrival as it is now.', schema: named('Arrival', arrivalSchema) } },
    errors: [403, 409],
  },
  {
    method: 'post', path: '/api/receiving/arrivals/{id}/discard', operationId: 'discardArrival', tag: 'receiving', security: 'session',
    params: { id: { description: 'The arrival id.', uuid: true } },
    summary: 'Discard an unmatched arrival (a mis-scan) with why; it stays in history as status=discarded (admin)',
    description: 'A repeat, or a racing one, changes nothing and answers the arrival as it is. An arrival assigned to an item is a 409.',
    body: named('DiscardArrivalBody', discardArrivalBodySchema),
    responses: { 200: { description: 'The discarded arrival.', schema: named('Arrival', arrivalSchema) } },
    errors: [403, 409],
  },
  {
    method: 'get', path: '/api/receiving/assignable-items', operationId: 'listAssignableItems', tag: 'receiving', security: 'session',
    summary: 'Items an unmatched arrival may be assigned to: not received yet, by item name, project, designer or tracking number (admin)',
    query: assignableItemsQuerySchema,
    responses: { 200: { description: 'At most 20 items, most recent first.', schema: named('AssignableItem', assignableItemSchema, true) } },
    errors: [403],
  },
  {
    method: 'get', path: '/api/receiving/inspections', operationId: 'listInspections', tag: 'receiving', security: 'session',
    summary: `The inspection queue ordered by due time: pending (not inspected yet), overdue (past the ${INSPECTION_DUE_HOURS} hours) or done (admin)`,
    query: listInspectionsQuerySchema,
    responses: { 200: { description: 'The arrived items and their inspections.', schema: named('InspectionQueueEntry', inspectionQueueEntrySchema, true) } },
    errors: [403],
  },
  {
    method: 'post', path: '/api/receiving/inspections/{itemId}', operationId: 'inspectItem', tag: 'receiving', security: 'session',
    params: { itemId: { description: 'The arrived item’s id.', uuid: true } },
    summary: 'Record an arrived item’s inspection; damaged or missing-parts e-mails a damage report to the project’s owner and members (admin)',
    description: `Photos are completed uploads (POST /api/objects/upload, then PUT the file). The e-mail links each photo for ${DAMAGE_PHOTO_LINK_DAYS} days without a session. A second inspection of the item is a 409; an item that has not arrived is a 409.`,
    body: named('InspectBody', inspectBodySchema),
    responses: { 201: { description: 'The inspection.', schema: named('Inspection', inspectionSchema) } },
    errors: [403, 409],
  },
  {
    method: 'get', path: '/api/damage-photos/{key}', operationId: 'getDamagePhoto', tag: 'receiving', security: 'public',
    params: { key: { description: 'The stored photo’s key.' } },
    query: z.object({
      expires: z.string().meta({ description: 'When the link stops working (Unix seconds).' }),
      sig: z.string().meta({ description: 'The link’s signature.' }),
    }),
    summary: `A damage report’s photo, from the e-mail’s signed link (works ${DAMAGE_PHOTO_LINK_DAYS} days without a session)`,
    responses: { 200: { description: 'The image.', contentType: 'image/*' } },
    errors: [404, 410],
  },

  /* ---------- deliveries (logistics) ---------- */
  {
    method: 'post', path: '/api/projects/{id}/deliveries', operationId: 'requestDelivery', tag: 'deliveries', security: 'session',
    params: { id: { description: 'The project id.', uuid: true } },
    summary: 'Book received or stored items the warehouse holds (arrived, in custody) for a date at least one business day ahead (owner or member)',
    description: 'Weekends are not business days (in the provider’s time zone). The address defaults to the project’s location, the window to `any`. An item on another open delivery, not received, delivered or of another project is a 400 naming it; of two bookings of one item at once exactly one succeeds.',
    body: named('CreateDeliveryBody', createDeliveryBodySchema),
    responses: { 201: { description: 'The requested delivery.', schema: named('Delivery', deliverySchema) } },
    errors: [403],
  },
  {
    method: 'get', path: '/api/deliveries', operationId: 'listDeliveries', tag: 'deliveries', security: 'session',
    summary: 'Deliveries of the caller’s projects (the admin: all), by status and date range',
    query: listDeliveriesQuerySchema,
    responses: { 200: { description: 'The deliveries, by date.', schema: named('Delivery', deliverySchema, true) } },
  },
  {
    method: 'get', path: '/api/deliveries/{id}', operationId: 'getDelivery', tag: 'deliveries', security: 'session',
    params: { id: { description: 'The delivery id.', uuid: true } },
    summary: 'One delivery', responses: { 200: { description: 'The delivery.', schema: named('Delivery', deliverySchema) } },
  },
  {
    method: 'put', path: '/api/deliveries/{id}', operationId: 'updateDelivery', tag: 'deliveries', security: 'session',
    params: { id: { description: 'The delivery id.', uuid: true } },
    summary: 'Change a requested delivery’s date, window, address, notes or items (owner or member)',
    description: 'Only while requested; otherwise a 409 and nothing changes.',
    body: named('UpdateDeliveryBody', updateDeliveryBodySchema),
    responses: { 200: { description: 'The delivery as it is now.', schema: named('Delivery', deliverySchema) } },
    errors: [403, 409],
  },
  {
    method: 'post', path: '/api/deliveries/{id}/cancel', operationId: 'cancelDelivery', tag: 'deliveries', security: 'session',
    params: { id: { description: 'The delivery id.', uuid: true } },
    summary: 'Cancel a requested or scheduled delivery (owner, member or admin); its items are free again',
    responses: { 200: { description: 'The cancelled delivery.', schema: named('Delivery', deliverySchema) } },
    errors: [403, 409],
  },
  {
    method: 'post', path: '/api/deliveries/{id}/out', operationId: 'markDeliveryOut', tag: 'deliveries', security: 'session',
    params: { id: { description: 'The delivery id.', uuid: true } },
    summary: 'A scheduled delivery left the warehouse (admin); the owner, members and client are e-mailed',
    description: 'The load check: a 409 names each item neither scanned onto the truck (every piece) nor left behind with a reason.',
    responses: { 200: { description: 'The delivery, out for delivery.', schema: named('Delivery', deliverySchema) } },
    errors: [403, 409],
  },
  {
    method: 'post', path: '/api/deliveries/{id}/complete', operationId: 'completeDelivery', tag: 'deliveries', security: 'session',
    params: { id: { description: 'The delivery id.', uuid: true } },
    summary: 'The proof of delivery of a delivery out for delivery (admin): the items not excepted become delivered; before its date, earlyReason is required and the date moves to today',
    description: `Photos are completed uploads (POST /api/objects/upload, then PUT the file); the signature is a PNG data URL, stored as an image. The e-mail to the owner, members and client links the photos for ${DELIVERY_PHOTO_LINK_DAYS} days without a session. A second completion is a 409.`,
    body: named('CompleteDeliveryBody', completeDeliveryBodySchema),
    responses: { 200: { description: 'The completed delivery.', schema: named('Delivery', deliverySchema) } },
    errors: [403, 409],
  },
  {
    method: 'get', path: '/api/delivery-runs', operationId: 'proposeDeliveryRuns', tag: 'deliveries', security: 'session',
    summary: 'The requested deliveries of a date as stops, grouped by project and address, ordered by window (admin)',
    query: deliveryRunsQuerySchema,
    responses: { 200: { description: 'The proposal.', schema: named('DeliveryRunProposal', deliveryRunProposalSchema) } },
    errors: [403],
  },
  {
    method: 'get', path: '/api/delivery-runs/days', operationId: 'listDeliveryDays', tag: 'deliveries', security: 'session',
    summary: 'The coming days with their deliveries counted by status, so staff see which days have requests (admin)',
    query: deliveryDaysQuerySchema,
    responses: { 200: { description: 'Each day from `from`.', schema: named('DeliveryDays', deliveryDaysSchema) } },
    errors: [403],
  },
  {
    method: 'post', path: '/api/delivery-runs', operationId: 'fixDeliveryRun', tag: 'deliveries', security: 'session',
    summary: 'Fix one run of the deliveries staff chose: they become scheduled, their stops numbered in the order given (admin)',
    description: 'A delivery of another date or not requested is a 400 naming it; of two runs taking one delivery at once, one does.',
    body: named('FixDeliveryRunBody', fixDeliveryRunBodySchema),
    responses: { 201: { description: 'The run.', schema: named('DeliveryRun', deliveryRunSchema) } },
    errors: [403],
  },

  /* ---------- warehouse custody (logistics; staff = admin) ---------- */
  {
    method: 'post', path: '/api/warehouse/locations', operationId: 'createLocation', tag: 'warehouse', security: 'session',
    summary: 'Create a place in the warehouse: a dock, bin, floor zone or staging lane, by the code on its label (admin)',
    description: 'The code is trimmed and upper-cased (1–32 of A-Z, 0-9, -). A code in use is a 409 naming it.',
    body: named('CreateLocationBody', createLocationBodySchema),
    responses: { 201: { description: 'The location.', schema: named('Location', locationSchema) } },
    errors: [403, 409],
  },
  {
    method: 'get', path: '/api/warehouse/locations', operationId: 'listLocations', tag: 'warehouse', security: 'session',
    summary: 'Every location with the number of items in custody there, ordered by code (admin)',
    responses: { 200: { description: 'The locations.', schema: named('Location', locationSchema, true) } },
    errors: [403],
  },
  {
    method: 'get', path: '/api/warehouse/locations/{id}/label.pdf', operationId: 'getLocationLabel', tag: 'warehouse', security: 'session',
    params: { id: { description: 'The location id.', uuid: true } },
    summary: 'The location’s 4×6 in label: its code as Code 128 and printed large, with its name (admin)',
    responses: { 200: { description: 'The label.', contentType: 'application/pdf' } },
    errors: [403, 404],
  },
  {
    method: 'get', path: '/api/warehouse/items/{id}/label.pdf', operationId: 'getItemLabel', tag: 'warehouse', security: 'session',
    params: itemId,
    summary: 'The item’s 4×6 in labels, one page per expected piece: a QR of `<itemId>/<piece>` and the sidemark (designer, project, client, room, item, “piece n of N”) (admin)',
    description: 'Drawn in a worker thread; when more labels wait than it takes, a 503 says to try again in a few seconds.',
    responses: { 200: { description: 'The labels.', contentType: 'application/pdf' } },
    errors: [403, 404, 503],
  },
  {
    method: 'post', path: '/api/warehouse/moves', operationId: 'moveItem', tag: 'warehouse', security: 'session',
    summary: 'Put away or move an item in custody: the scanned item label (or its id) and the scanned location label (admin)',
    description: 'Each move is kept (who, when, from, to) and published (put-away the first time, moved after). An item already at that location answers 200 and records nothing: a repeated or parallel scan has one effect. An item not in custody, or an unknown location, is a 400 naming it; an item id no one has is a 404.',
    body: named('MoveBody', moveBodySchema),
    responses: { 200: { description: 'The item’s custody as it is now.', schema: named('CustodyView', custodyViewSchema) } },
    errors: [403, 404],
  },
  {
    method: 'get', path: '/api/warehouse/items', operationId: 'findWarehouseItems', tag: 'warehouse', security: 'session',
    summary: 'Items in custody whose name, designer, project, client or tracking number contains q, with their location, a page at a time (admin)',
    query: warehouseItemsQuerySchema,
    responses: { 200: { description: 'The page (the next cursor in X-Next-Cursor).', schema: named('CustodyView', custodyViewSchema, true), headers: { [NEXT_CURSOR_HEADER]: { description: 'The cursor of the next page; absent on the last.' } } } },
    errors: [403],
  },
  {
    method: 'get', path: '/api/warehouse/items/{id}', operationId: 'getItemCustody', tag: 'warehouse', security: 'session',
    params: itemId,
    summary: 'An item’s custody: state, location, pieces received of expected, since when (staff; designers who read the item’s project)',
    responses: { 200: { description: 'The custody view.', schema: named('CustodyView', custodyViewSchema) } },
    errors: [404],
  },
  {
    method: 'get', path: '/api/warehouse/items/{id}/timeline', operationId: 'getItemCustodyTimeline', tag: 'warehouse', security: 'session',
    params: itemId,
    summary: 'An item’s custody timeline, oldest first: one line per fact (staff see staff notes; designers who read the item’s project see the rest)',
    responses: { 200: { description: 'The timeline.', schema: named('CustodyEvent', custodyEventSchema, true) } },
    errors: [404],
  },
  {
    method: 'post', path: '/api/warehouse/items/{id}/release', operationId: 'releaseItem', tag: 'warehouse', security: 'session',
    params: itemId,
    summary: 'Release an item from custody other than by delivery: returned to its vendor or picked up; storage stops (admin)',
    description: 'An item not in custody is a 409; a second release is a 409 saying when it was released. A signature (a PNG drawn on the pad, at most 64 kB) is kept like a delivery’s proof and named on the release’s timeline line for staff; without an object store on the server, a release with one is a 503.',
    body: named('ReleaseBody', releaseBodySchema),
    responses: { 200: { description: 'The item’s custody, ended.', schema: named('CustodyView', custodyViewSchema) } },
    errors: [403, 409, 503],
  },
  {
    method: 'get', path: '/api/delivery-runs/{id}/pick-list', operationId: 'getPickList', tag: 'warehouse', security: 'session',
    params: { id: { description: 'The run id.', uuid: true } },
    summary: 'The run’s items with their locations, in location order (location code, then item name) (admin)',
    responses: { 200: { description: 'The pick list.', schema: named('PickList', pickListSchema) } },
    errors: [403, 404],
  },
  {
    method: 'get', path: '/api/delivery-runs/{id}/pick-list.pdf', operationId: 'getPickListPdf', tag: 'warehouse', security: 'session',
    params: { id: { description: 'The run id.', uuid: true } },
    summary: 'The run’s pick list as a PDF to print (admin)',
    description: 'Drawn in a worker thread; when more lists wait than it takes, a 503 says to try again in a few seconds.',
    responses: { 200: { description: 'The pick list.', contentType: 'application/pdf' } },
    errors: [403, 404, 503],
  },
  {
    method: 'post', path: '/api/delivery-runs/{id}/load', operationId: 'loadPiece', tag: 'warehouse', security: 'session',
    params: { id: { description: 'The run id.', uuid: true } },
    summary: 'Scan a piece onto the run’s truck (admin); a repeated or parallel scan has one effect',
    description: 'An item not on the run, not in custody, or a piece that is not there is a 400 naming it; once its delivery is out, a 409.',
    body: named('LoadBody', loadBodySchema),
    responses: { 200: { description: 'The run’s items with their loaded pieces.', schema: named('RunLoad', runLoadSchema) } },
    errors: [403, 404, 409],
  },
  {
    method: 'post', path: '/api/delivery-runs/{id}/left-behind', operationId: 'leaveBehind', tag: 'warehouse', security: 'session',
    params: { id: { description: 'The run id.', uuid: true } },
    summary: 'Except an item of the run with why (“left behind: …”): it stays in custody and its delivery goes without it (admin)',
    description: 'An item not on the run is a 400 naming it; once its delivery is out, a 409.',
    body: named('LeftBehindBody', leftBehindBodySchema),
    responses: { 200: { description: 'The run’s items with their loaded pieces.', schema: named('RunLoad', runLoadSchema) } },
    errors: [403, 404, 409],
  },
  {
    method: 'post', path: '/api/warehouse/counts', operationId: 'startCount', tag: 'warehouse', security: 'session',
    summary: 'Start a cycle count of a location (admin); one open count per location (a second is a 409 naming it)',
    body: named('CreateCountBody', createCountBodySchema),
    responses: { 201: { description: 'The open count.', schema: named('Count', countSchema) } },
    errors: [403, 409],
  },
  {
    method: 'get', path: '/api/warehouse/counts', operationId: 'listCounts', tag: 'warehouse', security: 'session',
    summary: 'Cycle counts, newest first, of one location when locationCode is given (admin)',
    query: listCountsQuerySchema,
    responses: { 200: { description: 'The counts.', schema: named('Count', countSchema, true) } },
    errors: [403],
  },
  {
    method: 'get', path: '/api/warehouse/counts/{id}', operationId: 'getCount', tag: 'warehouse', security: 'session',
    params: { id: { description: 'The count id.', uuid: true } },
    summary: 'One cycle count with its scans and, once closed, its results (admin)',
    responses: { 200: { description: 'The count.', schema: named('Count', countSchema) } },
    errors: [403, 404],
  },
  {
    method: 'post', path: '/api/warehouse/counts/{id}/scans', operationId: 'scanCountItem', tag: 'warehouse', security: 'session',
    params: { id: { description: 'The count id.', uuid: true } },
    summary: 'An item found at the counted location (admin); a repeat has one effect',
    body: named('CountScanBody', countScanBodySchema),
    responses: { 200: { description: 'The scan, and where custody had the item.', schema: named('CountScanResult', countScanResultSchema) } },
    errors: [403, 404, 409],
  },
  {
    method: 'post', path: '/api/warehouse/counts/{id}/close', operationId: 'closeCount', tag: 'warehouse', security: 'session',
    params: { id: { description: 'The count id.', uuid: true } },
    summary: 'Close a count: expected and not found, found but recorded elsewhere (moved here when confirmMoves), and the location’s accuracy (admin)',
    body: named('CloseCountBody', closeCountBodySchema),
    responses: { 200: { description: 'The report.', schema: named('CountReport', countReportSchema) } },
    errors: [403, 404, 409],
  },

  /* ---------- photos (logistics) ---------- */
  {
    method: 'post', path: '/api/objects/upload', operationId: 'createPhotoUpload', tag: 'photos', security: 'session',
    summary: 'Where to PUT one photo: a same-origin upload URL, the caller’s own, valid 15 minutes',
    responses: { 200: { description: 'The upload URL (PUT the file there).', schema: named('UploadResponse', uploadResponseSchema) } },
  },
  {
    method: 'put', path: '/api/objects/uploads/{id}', operationId: 'uploadPhoto', tag: 'photos', security: 'session',
    params: { id: { description: 'The upload’s id, from uploadURL.' } },
    query: z.object({ sig: z.string().meta({ description: 'The signature from uploadURL.' }) }),
    summary: `The photo’s bytes (JPEG, PNG, WebP or GIF, at most ${PHOTO_MAX_BYTES} bytes), once per upload URL`,
    description: 'The type is checked from the bytes, not the header (415 otherwise). A second PUT to the same URL is a 409.',
    upload: { contentTypes: [...PHOTO_TYPES], description: 'The image file.' },
    responses: { 200: { description: 'Stored.', schema: named('UploadComplete', uploadCompleteSchema) } },
    errors: [404, 409, 413, 415],
  },
  {
    method: 'put', path: '/api/item-photos', operationId: 'attachPhoto', tag: 'photos', security: 'session',
    summary: 'Attach a completed upload to an item (the item’s photoUrl becomes /api/photos/{key})',
    body: named('AttachPhotoBody', attachPhotoBodySchema),
    responses: { 200: { description: 'The photo’s served path.', schema: named('AttachPhotoResponse', attachPhotoResponseSchema) } },
    errors: [404, 409],
  },
  {
    method: 'get', path: '/api/photos/{key}', operationId: 'getPhoto', tag: 'photos', security: 'session',
    params: { key: { description: 'The stored photo’s key (the end of the item’s photoUrl).' } },
    summary: 'A stored photo, for its uploader, the project’s people and admins',
    responses: { 200: { description: 'The image (X-Content-Type-Options: nosniff).', contentType: 'image/*' } },
    errors: [404],
  },
  {
    method: 'get', path: '/api/shared/photos/{token}/{key}', operationId: 'getSharedPhoto', tag: 'photos', security: 'public',
    params: { token: { description: 'The project’s share token (the credential).' }, key: { description: 'The stored photo’s key.' } },
    summary: 'A photo of a shared project’s item, for the client dashboard',
    responses: { 200: { description: 'The image.', contentType: 'image/*' } },
    errors: [404],
  },

  /* ---------- purchase orders (logistics) ---------- */
  {
    method: 'post', path: '/api/projects/{id}/purchase-orders', operationId: 'uploadPurchaseOrder', tag: 'purchaseOrders', security: 'session',
    params: { id: { description: 'The project id.', uuid: true } },
    summary: `Read a vendor’s PDF purchase order or acknowledgement (at most ${PURCHASE_ORDER_MAX_BYTES} bytes) into a draft with its lines and totals (owner or member)`,
    description: 'Columns are found by their headers in any order; a wrapped description is one line; a table over pages is one table. `warnings` says what was assumed. A page drawn without text (scanned) is named in `warnings`, its lines unread; a PDF with no text layer at all is a 422; a file that is not a PDF by its bytes a 415; a project the caller may not edit a 404. The PDF is read in a bounded pool of worker threads: more than 200 pages, or past the pool’s time or memory limit for one document (too complex to read), is a 422 saying so; every reader busy is a 503 with Retry-After; more uploads a minute than a person may make is a 429. A refused upload stores nothing. An acknowledgement or packing list of an order uploaded earlier (the same PO number, and vendor when both name one; an imported one first) links its tracking numbers to that order’s lines by SKU, else line number, else name (`linkedPurchaseOrderId`, `linkedPurchaseOrderImported`); the items made from them that have no tracking number get it and its carrier, once however often it is uploaded, or when the order is imported. An order uploaded after its acknowledgement takes that acknowledgement’s tracking numbers in the same way. Its lines that match none are named in `warnings`.',
    upload: { contentTypes: ['application/pdf'], description: 'The PDF.' },
    responses: { 201: { description: 'The purchase order as read.', schema: named('PurchaseOrder', purchaseOrderSchema) } },
    errors: [404, 413, 415, 422, 429, 503],
  },
  {
    method: 'get', path: '/api/projects/{id}/purchase-orders', operationId: 'listPurchaseOrders', tag: 'purchaseOrders', security: 'session',
    params: { id: { description: 'The project id.', uuid: true } },
    summary: 'The project’s purchase orders, newest first',
    responses: { 200: { description: 'The purchase orders with their totals.', schema: named('PurchaseOrderSummary', purchaseOrderSummarySchema, true) } },
    errors: [404],
  },
  {
    method: 'get', path: '/api/purchase-orders/{id}', operationId: 'getPurchaseOrder', tag: 'purchaseOrders', security: 'session',
    params: { id: { description: 'The purchase order id.', uuid: true } },
    summary: 'One purchase order with its lines, shipments and the link to its original file',
    responses: { 200: { description: 'The purchase order.', schema: named('PurchaseOrder', purchaseOrderSchema) } },
    errors: [404],
  },
  {
    method: 'post', path: '/api/purchase-orders/{id}/import', operationId: 'importPurchaseOrder', tag: 'purchaseOrders', security: 'session',
    params: { id: { description: 'The purchase order id.', uuid: true } },
    summary: 'Create one item per line in the project (owner or member), each linked to its line',
    description: "Name, supplier (the vendor), quantity, price (the unit price), SKU, schedule number (the PO number), notes and finish; a line shipped under a tracking number gives its item that number and carrier. Answers like the bulk import. Each item is created once: importing an order imported already imports nothing and answers no items, `alreadyImportedAt` and a `message` to show ('Already imported on Nov 2, 2026: …'); of imports at once, one answers the items and the others that; a retry after a failure answers the items. Importing an acknowledgement linked to an order is a 409 (its tracking numbers go to that order's items).",
    responses: { 200: { description: 'The items created (once), and the lines refused with their reasons; none, with when, for an order imported already.', schema: named('PurchaseOrderImport', purchaseOrderImportSchema) } },
    errors: [403, 404, 409],
  },
  {
    method: 'get', path: '/api/purchase-orders/{id}/file', operationId: 'getPurchaseOrderFile', tag: 'purchaseOrders', security: 'session',
    params: { id: { description: 'The purchase order id.', uuid: true } },
    summary: 'The original PDF, for the project’s owner, members and admins',
    responses: { 200: { description: 'The PDF.', contentType: 'application/pdf' } },
    errors: [404],
  },

  /* ---------- invoices and payments (billing) ---------- */
  {
    method: 'get', path: '/api/invoices', operationId: 'listInvoices', tag: 'invoices', security: 'session',
    summary: 'The invoices of the projects the caller reaches, newest first, a page at a time, filtered on the server',
    description: '`q` matches the invoice number, the client’s name and the project’s name. A `cursor` that is not one this call gave: 400.',
    query: listInvoicesQuerySchema,
    responses: {
      200: {
        description: 'A page of invoices.',
        schema: named('InvoiceListEntry', invoiceListEntrySchema, true),
        headers: { [NEXT_CURSOR_HEADER]: { description: 'The `cursor` of the next page; absent on the last page.' } },
      },
    },
  },
  {
    method: 'get', path: '/api/invoices/summary', operationId: 'invoicesSummary', tag: 'invoices', security: 'session',
    summary: 'Counts over every invoice the filters match: the Billing page’s cards',
    description: 'pending = sent or draft; revenue = the paid invoices’ totals.',
    query: invoicesSummaryQuerySchema,
    responses: { 200: { description: 'The counts.', schema: named('InvoicesSummary', invoicesSummarySchema) } },
  },
  {
    method: 'get', path: '/api/invoices/{id}', operationId: 'getInvoice', tag: 'invoices', security: 'session', params: invoiceId,
    summary: 'An invoice with its lines and its project’s name', responses: { 200: { description: 'The invoice.', schema: InvoiceDetail } },
  },
  {
    method: 'get', path: '/api/invoices/{id}/pdf', operationId: 'getInvoicePdf', tag: 'invoices', security: 'session', params: invoiceId,
    summary: 'The invoice as a PDF (a download)', responses: { 200: { description: 'The PDF (Content-Disposition: attachment).', contentType: 'application/pdf' } },
  },
  {
    method: 'post', path: '/api/projects/{projectId}/invoices', operationId: 'createInvoice', tag: 'invoices', security: 'session',
    params: { projectId: { description: 'The project id.', uuid: true } },
    summary: 'Create a draft invoice for a project (admin)', body: named('CreateInvoiceBody', createInvoiceBodySchema),
    responses: { 201: { description: 'The new draft.', schema: InvoiceDetail } },
  },
  {
    method: 'post', path: '/api/invoices/{id}/items', operationId: 'addInvoiceItem', tag: 'invoices', security: 'session', params: invoiceId,
    summary: 'Add a line to a draft invoice (admin; amount = rate × quantity; a sent invoice is final: 409)', body: named('AddInvoiceItemBody', addInvoiceItemBodySchema),
    responses: { 201: { description: 'The new line.', schema: named('InvoiceItem', invoiceItemSchema) } },
    errors: [409],
  },
  {
    method: 'put', path: '/api/invoices/{id}/items/{lineId}', operationId: 'updateInvoiceItem', tag: 'invoices', security: 'session',
    params: { ...invoiceId, lineId: { description: 'The line’s id.', uuid: true } },
    summary: 'Correct a line of a draft invoice (admin; amount = rate × quantity; a sent invoice is final: 409)',
    description: 'The invoice is retotalled. A generated line’s fees stay with this invoice whatever the correction, so no run bills them again.',
    body: named('UpdateInvoiceItemBody', updateInvoiceItemBodySchema),
    responses: { 200: { description: 'The line as it is now.', schema: named('InvoiceItem', invoiceItemSchema) } },
    errors: [404, 409],
  },
  {
    method: 'delete', path: '/api/invoices/{id}/items/{lineId}', operationId: 'removeInvoiceItem', tag: 'invoices', security: 'session',
    params: { ...invoiceId, lineId: { description: 'The line’s id.', uuid: true } },
    summary: 'Remove a line from a draft invoice (admin; a sent invoice is final: 409)',
    description: 'The invoice is retotalled; a line already removed is a 404.',
    responses: { 204: { description: 'Removed.' } },
    errors: [404, 409],
  },
  {
    method: 'post', path: '/api/invoices/{id}/send', operationId: 'sendInvoice', tag: 'invoices', security: 'session', params: invoiceId,
    summary: 'E-mail the invoice with its PDF to the client (admin)', responses: { 200: { description: 'The invoice as it is now.', schema: InvoiceDetail } },
    errors: [409, 502],
  },
  {
    method: 'post', path: '/api/invoices/{id}/void', operationId: 'voidInvoice', tag: 'invoices', security: 'session', params: invoiceId,
    summary: 'Void an unpaid invoice (admin)', responses: { 200: { description: 'The invoice as it is now.', schema: InvoiceDetail } },
    errors: [409],
  },
  {
    method: 'get', path: '/api/pay/{token}', operationId: 'getPayLinkInvoice', tag: 'invoices', security: 'public',
    params: { token: { description: 'The pay link’s signed token, from the invoice e-mail (the credential).' } },
    summary: 'The invoice an e-mailed pay link opens: its lines, totals (taxes included), project name and bill-to',
    description: 'No account needed. A draft’s, an unknown or an altered token is 404. A paid or void invoice still opens, with its status (and paidAt), so the page can say so.',
    responses: { 200: { description: 'The invoice as its payer sees it.', schema: named('PublicInvoice', publicInvoiceSchema) } },
    errors: [404],
  },
  {
    method: 'post', path: '/api/pay/{token}/payment-intent', operationId: 'createPayLinkPaymentIntent', tag: 'invoices', security: 'public',
    params: { token: { description: 'The pay link’s signed token, from the invoice e-mail (the credential).' } },
    summary: 'Start paying the pay link’s invoice by card (the amount is its unpaid total)',
    description: 'The rules of POST /api/create-payment-intent: the invoice’s open intent is reused; a paid or void invoice is 409 with the reason.',
    responses: { 200: { description: 'The client secret for Stripe.js (or the test processor).', schema: named('PaymentIntentResult', paymentIntentResultSchema) } },
    errors: [404, 409, 502],
  },
  {
    method: 'post', path: '/api/create-payment-intent', operationId: 'createPaymentIntent', tag: 'invoices', security: 'session',
    summary: 'Start paying an invoice by card (the amount is its unpaid total)',
    description: 'Sent and overdue invoices only (a draft, paid or void invoice is 409 with the reason); a project’s viewers may read its invoices but not pay them (403). The invoice’s open intent is reused, so retries and second tabs pay through one intent.',
    body: named('CreatePaymentIntentBody', createPaymentIntentBodySchema),
    responses: { 200: { description: 'The client secret for Stripe.js (or the test processor).', schema: named('PaymentIntentResult', paymentIntentResultSchema) } },
    errors: [409, 502],
  },
  {
    method: 'post', path: '/api/billing/test-processor/confirm', operationId: 'confirmTestPayment', tag: 'invoices', security: 'public',
    summary: 'Offline mode only: pay an intent as a test card would (404 when a real processor is configured)',
    description: 'The client secret is the credential, as with Stripe.js: the pay link’s page confirms without an account.',
    body: named('ConfirmTestPaymentBody', confirmTestPaymentBodySchema),
    responses: { 200: { description: 'The intent’s id and status.', schema: named('TestPaymentResult', z.object({ id: z.string(), status: z.string() })) } },
    errors: [404],
  },
  {
    method: 'post', path: '/api/billing/webhook', operationId: 'paymentWebhook', tag: 'invoices', security: 'public',
    summary: 'The payment processor’s webhook (Stripe-Signature checked over the raw body)',
    description: 'A signature stamped more than 300 s from now (either way) and a malformed event are 400. An event moves money only for an intent billing created for that invoice, in its currency, for its positive whole amount, once; draft and void invoices are never paid. Any other event is answered 200, changes no invoice and is recorded as a payment anomaly (GET /api/billing/anomalies).',
    upload: { contentTypes: ['application/json'], description: 'The processor’s event, signed.' },
    responses: { 200: { description: 'Received.', schema: named('WebhookReceived', z.object({ received: z.literal(true) })) } },
  },
  {
    method: 'get', path: '/api/billing/anomalies', operationId: 'listPaymentAnomalies', tag: 'billing', security: 'session',
    summary: 'Payment events that moved no money, those still needing a person first, newest first, with what to do and, once handled, who did what (admin)',
    responses: { 200: { description: 'Anomalies.', schema: named('PaymentAnomaly', paymentAnomalySchema, true) } },
    errors: [403],
  },
  {
    method: 'post', path: '/api/billing/anomalies/{id}/handle', operationId: 'handlePaymentAnomaly', tag: 'billing', security: 'session',
    params: { id: { description: 'The anomaly id.', uuid: true } },
    summary: 'Mark a payment anomaly handled, saying what was done (admin)',
    description: 'The first note stands: marking it again, or twice at once, changes nothing and answers the anomaly as it is.',
    body: named('HandleAnomalyBody', handleAnomalyBodySchema),
    responses: { 200: { description: 'The anomaly, handled.', schema: named('PaymentAnomaly', paymentAnomalySchema) } },
    errors: [403, 404],
  },
  {
    method: 'post', path: '/api/billing/initialize', operationId: 'initializeRates', tag: 'billing', security: 'session',
    summary: 'Create the fee table’s rates where none exist (admin)',
    responses: { 200: { description: 'What was created.', schema: named('InitializeRatesResult', z.object({ message: z.string(), created: z.number().int() })) } },
  },
  {
    method: 'get', path: '/api/billing/rates', operationId: 'listRates', tag: 'billing', security: 'session',
    summary: 'The rates, each from its effective date on', responses: { 200: { description: 'Rates.', schema: named('BillingRate', billingRateSchema, true) } },
  },
  {
    method: 'put', path: '/api/billing/rates/{serviceType}', operationId: 'updateRate', tag: 'billing', security: 'session',
    params: { serviceType: { description: 'The rate’s service type.' } },
    summary: 'A new rate for a service type from a date on, never retroactive (admin)', body: named('UpdateRateBody', updateRateBodySchema),
    responses: { 200: { description: 'The new rate.', schema: named('BillingRate', billingRateSchema) } },
  },
  {
    method: 'post', path: '/api/billing/storage-fees/record', operationId: 'recordStorageFees', tag: 'billing', security: 'session',
    summary: 'Record the storage days so far now, as the nightly job does (admin)', responses: { 200: { description: 'What was done.', schema: BillingActionResult } },
  },
  {
    method: 'post', path: '/api/billing/cycles/create', operationId: 'createBillingCycles', tag: 'billing', security: 'session',
    summary: 'Open the billing cycles of a month (admin)', body: named('BillingPeriodBody', billingPeriodBodySchema),
    responses: { 200: { description: 'What was done.', schema: BillingActionResult } },
  },
  {
    method: 'post', path: '/api/billing/invoices/generate', operationId: 'generateInvoices', tag: 'billing', security: 'session',
    summary: 'Bill every fee of the month not yet invoiced (admin)',
    description: 'Into the month’s invoice while it is a draft, else into a supplementary invoice for the project and month. A month still running gets drafts; an ended month’s invoices are sent and e-mailed with their PDF.',
    body: named('BillingPeriodBody', billingPeriodBodySchema),
    responses: { 200: { description: 'What was done.', schema: BillingActionResult } },
  },
  {
    method: 'get', path: '/api/billing/unbilled', operationId: 'getUnbilledFees', tag: 'billing', security: 'session',
    summary: 'What is recorded and not yet invoiced: amount, fees, projects, per month (admin)',
    responses: { 200: { description: 'The unbilled fees.', schema: named('UnbilledSummary', unbilledSummarySchema) } },
  },
  {
    method: 'get', path: '/api/billing/tax-rates', operationId: 'listTaxRates', tag: 'billing', security: 'session',
    summary: 'The tax rates invoices are taxed with (admin)', responses: { 200: { description: 'Tax rates.', schema: named('TaxRate', taxRateSchema, true) } },
  },
  {
    method: 'post', path: '/api/billing/tax-rates', operationId: 'createTaxRate', tag: 'billing', security: 'session',
    summary: 'Add a tax rate: name, percent, fee types, effective from (admin)', body: named('TaxRateBody', taxRateBodySchema),
    responses: { 201: { description: 'The new tax rate.', schema: named('TaxRate', taxRateSchema) } },
  },
  {
    method: 'put', path: '/api/billing/tax-rates/{id}', operationId: 'updateTaxRate', tag: 'billing', security: 'session', params: taxRateId,
    summary: 'Change a tax rate (admin; invoices already sent keep the tax they were sent with)', body: named('TaxRateBody', taxRateBodySchema),
    responses: { 200: { description: 'The tax rate.', schema: named('TaxRate', taxRateSchema) } },
  },
  {
    method: 'delete', path: '/api/billing/tax-rates/{id}', operationId: 'deleteTaxRate', tag: 'billing', security: 'session', params: taxRateId,
    summary: 'Remove a tax rate (admin)', responses: { 204: { description: 'Removed.' } },
  },

  /* ---------- search ---------- */
  {
    method: 'get', path: '/api/search', operationId: 'search', tag: 'search', security: 'session',
    summary: 'Search projects, items and services',
    description: 'Answered by the gateway from every source (catalog, logistics); a source that fails or takes over 1.5 s is left out. Under 3 characters the answer is `[]`.',
    query: searchQuerySchema,
    responses: {
      200: {
        description: 'Results from every source that answered.',
        schema: named('SearchResult', searchResultSchema, true),
        headers: { [SEARCH_INCOMPLETE_HEADER]: { description: 'The sources left out (comma-separated: `catalog`, `logistics`); absent when every source answered.' } },
      },
    },
  },

  /* ---------- documentation ---------- */
  {
    method: 'get', path: '/api/openapi.json', operationId: 'openApiDocument', tag: 'documentation', security: 'public',
    summary: 'This document (OpenAPI 3.1)', responses: { 200: { description: 'The OpenAPI document.' } },
  },
  {
    method: 'get', path: '/api/docs', operationId: 'apiDocs', tag: 'documentation', security: 'public',
    summary: 'This document as a readable page', responses: { 200: { description: 'An HTML page.', contentType: 'text/html' } },
  },
];
