import { z } from 'zod';
import { API_OPERATIONS, ERROR_BODY, type ApiOperation, type ApiTag, type NamedSchema } from './operations';

/** The session cookie the gateway checks (service-kit's SESSION_COOKIE; the gateway's test keeps them equal). */
export const SESSION_COOKIE_NAME = 'midway_session';
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

type Json = Record<string, unknown>;

/** The subset of an OpenAPI 3.1 document this module writes (and the docs page reads). */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: ApiTag; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: ApiTag[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required: boolean; description?: string; schema: Json }[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; headers?: Record<string, Json>; content?: Record<string, { schema: Json }> }>;
}

const TAGS: Record<ApiTag, string> = {
  identity: 'Sign-in, sign-up, sign-out, the current user and the contact form (identity service).',
  projects: 'Projects (catalog service).',
  members: 'Who else works on a project, and the invitations that bring them in (catalog service).',
  items: 'A project’s items: furniture and fixtures from order to delivery (catalog service).',
  sharing: 'The read-only client dashboard of a project (catalog service).',
  dashboard: 'The dashboard’s statistics and recent activity (catalog service).',
  invoices: 'Invoices and paying them (billing service).',
  billing: 'Rates and the automatic billing actions (billing service; changes are admin-only).',
  photos: 'Item photos: upload, attach to an item, and read (logistics service).',
  receiving: 'The warehouse’s receiving desk: scan a tracking code, record arrivals, inspect within 48 hours, report damage (logistics service; admin only).',
  warehouse: 'Custody: the warehouse’s locations and labels, put-away and move scans, find, release, pick lists and load checks of runs, cycle counts (logistics service; staff only, designers read their items’ custody).',
  deliveries: 'Deliveries to the job site: a designer books stored items, staff consolidate runs and record the proof of delivery (logistics service).',
  purchaseOrders: 'Vendors’ purchase orders and acknowledgements read from their PDFs into lines, totals and shipments (logistics service).',
  services: 'Per-item services — receiving, enhanced inspection, storage, delivery, install/assembly — and their selection (logistics service).',
  search: 'Global search, merged by the gateway from every service.',
  documentation: 'This document.',
};

const ERROR_TEXT: Record<number, string> = {
  400: 'The input is invalid: `message` says what to fix, `details` which field.',
  401: 'No valid session: sign in (POST /api/login) and retry.',
  403: 'Refused: a cross-site request, or one the caller may not make.',
  404: 'Not found, or not reachable by the caller (both answer the same).',
  409: 'Conflicts with what exists (e.g. the e-mail is already registered), or a request with the same Idempotency-Key is still running: retry it shortly with the same key.',
  410: 'Expired: an invitation past its 7 days cannot be accepted; ask for a new one.',
  413: 'The body is over the route’s limit.',
  415: 'The file is not a JPEG, PNG, WebP or GIF image.',
  422: 'The Idempotency-Key was already used for a different request (method, path or body): send a new key for a new request.',
  429: 'Too many attempts: wait a minute and retry.',
  502: 'A service it depends on (the card processor, the mail server) failed: `message` says what to do next.',
  503: 'The gateway is starting and cannot check sessions yet: retry in a few seconds.',
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const refOf = (s: NamedSchema) => (s.list ? { type: 'array', items: ref(s.name) } : ref(s.name));

/** express `:id` → OpenAPI `{id}`, so a registered route and a documented path compare equal. */
export const toOpenApiPath = (expressPath: string) => expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Named schemas of one direction as JSON Schema 2020-12 (OpenAPI 3.1's dialect), referring to each other by $ref. */
function componentSchemas(named: Map<string, z.ZodType>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', io, uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any' });
  // Each is embedded in the document, which sets the dialect: drop the per-schema $schema and fragment-only $id.
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema, $id, ...rest }]) => [id, rest as Json]));
}

function collect(into: Map<string, z.ZodType>, s: NamedSchema) {
  const seen = into.get(s.name);
  if (seen && seen !== s.schema) throw new Error(`OpenAPI schema name ${s.name} is used for two different schemas`);
  into.set(s.name, s.schema);
}

/**
 * A signed-in POST takes an Idempotency-Key (the services' idempotency middleware, Stripe's rules): public
 * POSTs have no caller to scope a key to and ignore it.
 */
const takesIdempotencyKey = (op: ApiOperation) => op.method === 'post' && op.security === 'session';
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'A fresh key per submission (a UUID), sent again unchanged when retrying it: the same key from the same user within 24 hours answers the first answer (status, body, Location, X-Next-Cursor) without doing it again, marked Idempotent-Replayed; the same key with a different request answers 422; while the first is still running a retry waits for its answer. A first attempt that failed with a 5xx does not hold the key.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
};

function errorStatuses(op: ApiOperation): number[] {
  const statuses = new Set(op.errors ?? []);
  if (takesIdempotencyKey(op)) statuses.add(400).add(409).add(422);
  if (op.body || op.query) statuses.add(400);
  // The gateway checks the session (401), and answers 503 until it has replayed the revoked sessions.
  if (op.security === 'session') statuses.add(401).add(503);
  if (op.params && Object.values(op.params).some((p) => p.uuid)) statuses.add(404);
  // The gateway's Origin check guards every state-changing call.
  if (op.method !== 'get') statuses.add(403);
  return [...statuses].sort();
}

function operationOf(op: ApiOperation): OpenApiOperation {
  const parameters: NonNullable<OpenApiOperation['parameters']> = [];
  for (const name of op.path.match(/\{([^}]+)\}/g)?.map((m) => m.slice(1, -1)) ?? []) {
    const p = op.params?.[name];
    if (!p) throw new Error(`${op.method.toUpperCase()} ${op.path}: path parameter ${name} is not described`);
    parameters.push({ name, in: 'path', required: true, description: p.description, schema: p.uuid ? { type: 'string', format: 'uuid' } : { type: 'string' } });
  }
  if (op.query) {
    const q = z.toJSONSchema(op.query, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
  }
  if (takesIdempotencyKey(op)) parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, r] of Object.entries(op.responses)) {
    const headers = { ...r.headers, ...(takesIdempotencyKey(op) ? { 'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.' } } : {}) };
    responses[status] = {
      description: r.description,
      ...(Object.keys(headers).length ? { headers: Object.fromEntries(Object.entries(headers).map(([h, d]) => [h, { ...d, schema: { type: 'string' } }])) } : {}),
      ...(r.schema ? { content: { 'application/json': { schema: refOf(r.schema) } } } : r.contentType ? { content: { [r.contentType]: { schema: r.contentType === 'text/html' ? { type: 'string' } : r.contentType === 'application/pdf' ? { type: 'string', contentMediaType: 'application/pdf' } : {} } } } : {}),
    };
  }
  for (const status of errorStatuses(op)) {
    responses[String(status)] = { description: ERROR_TEXT[status] ?? 'Error.', content: { 'application/json': { schema: ref(ERROR_BODY.name) } } };
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: op.security === 'session' ? [{ session: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(op.upload
      ? { requestBody: { required: true, description: op.upload.description, content: Object.fromEntries(op.upload.contentTypes.map((t) => [t, { schema: {} }])) } }
      : {}),
    ...(op.body
      ? {
          requestBody: {
            required: !op.body.optional,
            content: {
              'application/json': { schema: refOf(op.body) },
              ...(op.body.form ? { 'application/x-www-form-urlencoded': { schema: refOf(op.body) } } : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every call in API_OPERATIONS, with the zod contracts as its schemas. */
export function buildOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): OpenApiDocument {
  const requests = new Map<string, z.ZodType>();
  const responses = new Map<string, z.ZodType>([[ERROR_BODY.name, ERROR_BODY.schema]]);
  const paths: OpenApiDocument['paths'] = {};
  const ids = new Set<string>();
  for (const op of operations) {
    if (ids.has(op.operationId)) throw new Error(`operationId ${op.operationId} is used twice`);
    ids.add(op.operationId);
    if (paths[op.path]?.[op.method]) throw new Error(`${op.method.toUpperCase()} ${op.path} is listed twice`);
    if (op.body) collect(requests, op.body);
    for (const r of Object.values(op.responses)) if (r.schema) collect(responses, r.schema);
    (paths[op.path] ??= {})[op.method] = operationOf(op);
  }
  for (const name of requests.keys()) if (responses.has(name)) throw new Error(`OpenAPI schema name ${name} is both a request and a response`);

  return {
    openapi: '3.1.1',
    info: {
      title: 'Midway API',
      version: '1',
      description:
        'Every call goes through the gateway. Calls marked with the session scheme need the `midway_session` cookie that POST /api/login or POST /api/register sets (a missing or expired one answers 401). ' +
        'State-changing calls from a browser must come from Midway’s own origin. Errors are JSON `ErrorBody` objects. Request schemas describe what a client may send (the server trims and normalises it); response schemas what it gets back.',
    },
    servers: [{ url: '/', description: 'The gateway that serves this document.' }],
    tags: (Object.keys(TAGS) as ApiTag[]).filter((t) => operations.some((o) => o.tag === t)).map((name) => ({ name, description: TAGS[name] })),
    paths,
    components: {
      schemas: { ...componentSchemas(requests, 'input'), ...componentSchemas(responses, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME, description: 'The session cookie set by sign-in or sign-up (httpOnly; 7 days).' },
      },
    },
  };
}
