import { buildOpenApiDocument, toOpenApiPath, type OpenApiDocument } from '.';
import { API_OPERATIONS, type ApiOperation } from './operations';

/** Every `$ref` in the document, with where it was found. */
function refsOf(node: unknown, at = '#', out: { ref: string; at: string }[] = []) {
  if (Array.isArray(node)) node.forEach((v, i) => refsOf(v, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push({ ref: v, at });
      else refsOf(v, `${at}/${k}`, out);
    }
  }
  return out;
}

const resolve = (doc: OpenApiDocument, ref: string) =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument();

  it('is OpenAPI 3.1 with every operation, each with an id, a tag, responses and a security choice', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations).toHaveLength(API_OPERATIONS.length);
    for (const op of operations) {
      expect(op.operationId).toMatch(/^[a-zA-Z]+$/);
      expect(op.tags).toHaveLength(1);
      expect(doc.tags.map((t) => t.name)).toContain(op.tags[0]);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      expect(Array.isArray(op.security)).toBe(true);
    }
  });

  it('resolves every $ref', () => {
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(20);
    const dangling = refs.filter(({ ref }) => !ref.startsWith('#/') || resolve(doc, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('writes the contracts’ rules into the schemas (one source)', () => {
    const createItem = doc.components.schemas.CreateItemBody as { required: string[]; properties: Record<string, { maxLength?: number }> };
    expect(createItem.required).toEqual(['name']);
    expect(createItem.properties.name!.maxLength).toBe(255);
    expect(JSON.stringify(doc.components.schemas.UpdateItemStatusBody)).toContain('shipped');
    expect((doc.components.schemas.Item as { properties: { status: { enum: string[] } } }).properties.status.enum).toContain('in-transit');
    const listItems = doc.paths['/api/items']!.get!;
    expect(listItems.parameters?.map((p) => p.name)).toEqual(['limit', 'cursor', 'q', 'status', 'projectId']);
    expect(doc.paths['/api/projects']!.get!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/login']!.post!.security).toEqual([]);
    expect(Object.keys(doc.paths['/api/login']!.post!.requestBody!.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  });

  it('refuses an undescribed path parameter, a duplicate operation and one name for two schemas', () => {
    const base: ApiOperation = { method: 'get', path: '/api/x/{id}', operationId: 'x', summary: 'x', tag: 'projects', security: 'session', responses: { 200: { description: 'ok' } } };
    expect(() => buildOpenApiDocument([base])).toThrow(/path parameter id/);
    const ok = { ...base, params: { id: { description: 'id' } } };
    expect(() => buildOpenApiDocument([ok, { ...ok, operationId: 'y' }])).toThrow(/listed twice/);
    const a = API_OPERATIONS.find((o) => o.operationId === 'createProject')!;
    expect(() => buildOpenApiDocument([a, { ...a, operationId: 'z', path: '/api/z', body: { ...a.body!, schema: API_OPERATIONS.find((o) => o.operationId === 'createItem')!.body!.schema } }])).toThrow(/two different schemas/);
  });

  it('describes Idempotency-Key on every signed-in POST (with its 422 and the replay marker), and on nothing else', () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const header = op.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
        const keyed = method === 'post' && op.security.length > 0;
        expect({ path, method, keyed: Boolean(header) }).toEqual({ path, method, keyed });
        if (!header) continue;
        expect(header).toMatchObject({ required: false, schema: { type: 'string', minLength: 1, maxLength: 255 } });
        expect(op.responses['422']!.description).toContain('Idempotency-Key');
        const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'))![1];
        expect(ok.headers?.['Idempotent-Replayed']).toBeDefined();
      }
    }
    expect(doc.paths['/api/projects']!.post!.parameters?.map((p) => p.name)).toContain('Idempotency-Key');
    expect(doc.paths['/api/login']!.post!.parameters?.map((p) => p.name) ?? []).not.toContain('Idempotency-Key');
    expect(doc.paths['/api/billing/webhook']!.post!.parameters?.map((p) => p.name) ?? []).not.toContain('Idempotency-Key');
  });

  it('writes express paths the way the document does', () => {
    expect(toOpenApiPath('/api/projects/:id/members/:userId')).toBe('/api/projects/{id}/members/{userId}');
  });
});
