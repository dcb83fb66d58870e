import type { OpenApiDocument, OpenApiOperation } from '@midway/contracts';

/**
 * The API reference at /api/docs, rendered once on the server from the OpenAPI document: operations grouped
 * by tag, each with its method, path, summary, parameters and request/response schemas as indented JSON.
 * Plain HTML and CSS (no scripts: the CSP allows none from elsewhere, and none is needed), readable at 390 px.
 */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f8fafc;color:#0f172a;line-height:1.5}
  header{background:#0f172a;color:#fff;padding:20px 16px}
  header .in,main{max-width:960px;margin:0 auto}
  header h1{margin:0;font-size:1.375rem}
  header p{margin:6px 0 0;color:#cbd5e1;font-size:.875rem}
  header a{color:#5eead4}
  main{padding:16px}
  nav{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 16px}
  nav a{font-size:.8125rem;padding:4px 10px;border-radius:9999px;background:#ccfbf1;color:#115e59;text-decoration:none;font-weight:600}
  h2{font-size:1.125rem;margin:28px 0 4px;text-transform:capitalize}
  h2+p{margin:0 0 12px;color:#475569;font-size:.875rem}
  section.op{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:14px 16px;margin:0 0 12px;box-shadow:0 1px 2px rgba(15,23,42,.06)}
  .line{display:flex;flex-wrap:wrap;align-items:baseline;gap:8px}
  .method{font:700 .75rem ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-transform:uppercase;padding:2px 8px;border-radius:6px;background:#f1f5f9;color:#334155}
  .get{background:#dbeafe;color:#1e40af}.post{background:#dcfce7;color:#166534}.put{background:#fef9c3;color:#854d0e}.delete{background:#fee2e2;color:#991b1b}.patch{background:#f3e8ff;color:#6b21a8}
  code.path{font:600 .9375rem ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
  .auth{margin-left:auto;font-size:.75rem;color:#5b6b80}
  h3{font-size:.9375rem;margin:6px 0 0;font-weight:600}
  .desc{color:#475569;font-size:.875rem;margin:6px 0 0}
  h4{font-size:.75rem;text-transform:uppercase;letter-spacing:.04em;color:#5b6b80;margin:12px 0 4px}
  table{border-collapse:collapse;width:100%;font-size:.8125rem}
  td{border-top:1px solid #e2e8f0;padding:4px 6px 4px 0;vertical-align:top}
  td:first-child{white-space:nowrap;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
  td code{overflow-wrap:anywhere;word-break:break-word}
  table{table-layout:fixed}td:first-child{width:7.5rem}
  details{margin:4px 0}
  summary{cursor:pointer;font-size:.8125rem}
  pre{margin:6px 0 0;padding:10px;background:#f1f5f9;border-radius:8px;overflow-x:auto;font-size:.75rem;max-height:28rem}
  .status{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:700}
  @media (max-width:480px){main{padding:12px}section.op{padding:12px}.auth{margin-left:0;width:100%}}
`;

type Json = Record<string, unknown>;
const json = (v: unknown) => `<pre>${escape(JSON.stringify(v, null, 2))}</pre>`;

/** A schema with its named parts written out, so a reader need not chase $refs (each name once per tree). */
function inline(node: unknown, schemas: Record<string, Json>, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((v) => inline(v, schemas, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    return seen.includes(name) ? { $ref: ref } : inline(schemas[name], schemas, [...seen, name]);
  }
  // A format (uuid, date, email) says what its long generated pattern says, more readably.
  const entries = Object.entries(node).filter(([k]) => !(k === 'pattern' && 'format' in node));
  return Object.fromEntries(entries.map(([k, v]) => [k, inline(v, schemas, seen)]));
}

const refName = (schema: unknown): string | undefined => {
  const s = schema as { $ref?: string; items?: { $ref?: string } };
  const ref = s?.$ref ?? s?.items?.$ref;
  const name = ref?.replace('#/components/schemas/', '');
  return name && (s.items ? `${name}[]` : name);
};

function schemaBlock(label: string, schema: unknown, schemas: Record<string, Json>) {
  const name = refName(schema);
  return `<details><summary>${escape(label)}${name ? ` <code>${escape(name)}</code>` : ''}</summary>${json(inline(schema, schemas))}</details>`;
}

function operation(method: string, path: string, op: OpenApiOperation, schemas: Record<string, Json>) {
  const params = op.parameters?.length
    ? `<h4>Parameters</h4><table>${op.parameters
        .map((p) => `<tr><td>${escape(p.name)}</td><td>${p.in}${p.required ? ', required' : ''}${p.description ? ` — ${escape(p.description)}` : ''}<br><code>${escape(JSON.stringify(inline(p.schema, schemas)))}</code></td></tr>`)
        .join('')}</table>`
    : '';
  const body = op.requestBody?.description
    ? `<h4>Request body</h4><p class="desc">${escape(op.requestBody.description)} Raw bytes: ${Object.keys(op.requestBody.content).map((t) => `<code>${escape(t)}</code>`).join(', ')}.</p>`
    : op.requestBody
    ? `<h4>Request body</h4>${Object.entries(op.requestBody.content)
        .map(([type, c], i) => (i === 0 ? schemaBlock(type, c.schema, schemas) : `<p class="desc">Also accepted as <code>${escape(type)}</code> (an HTML form).</p>`))
        .join('')}`
    : '';
  const responses = `<h4>Responses</h4>${Object.entries(op.responses)
    .map(([status, r]) => {
      const content = r.content ? Object.entries(r.content)[0] : undefined;
      const headers = r.headers ? ` Headers: ${Object.keys(r.headers).map((h) => `<code>${escape(h)}</code>`).join(', ')}.` : '';
      const text = `<span class="status">${status}</span> ${escape(r.description)}${headers}`;
      return content && content[0] === 'application/json' ? schemaBlock('', content[1].schema, schemas).replace('<summary>', `<summary>${text} `) : `<p class="desc">${text}${content ? ` (<code>${escape(content[0])}</code>)` : ''}</p>`;
    })
    .join('')}`;
  const auth = op.security.length ? 'session cookie' : 'public';
  return `<section class="op" id="${escape(op.operationId)}"><div class="line"><span class="method ${method}">${method}</span><code class="path">${escape(path)}</code><span class="auth">${auth}</span></div>
<h3>${escape(op.summary)}</h3>${op.description ? `<p class="desc">${escape(op.description)}</p>` : ''}${params}${body}${responses}</section>`;
}

export function renderApiDocsPage(doc: OpenApiDocument, jsonPath: string): string {
  const byTag = doc.tags.map((tag) => ({
    tag,
    ops: Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).filter(([, op]) => op.tags.includes(tag.name)).map(([method, op]) => ({ method, path, op }))),
  }));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API reference · Midway</title><style>${STYLE}</style></head>
<body><header><div class="in"><h1>${escape(doc.info.title)} reference</h1><p>${escape(doc.info.description)}</p>
<p>Machine-readable: <a href="${escape(jsonPath)}">${escape(jsonPath)}</a> (OpenAPI ${escape(doc.openapi)}).</p></div></header>
<main><nav aria-label="Groups">${byTag.map(({ tag }) => `<a href="#tag-${escape(tag.name)}">${escape(tag.name)}</a>`).join('')}</nav>
${byTag
  .map(({ tag, ops }) => `<h2 id="tag-${escape(tag.name)}">${escape(tag.name)}</h2><p>${escape(tag.description)}</p>${ops.map((o) => operation(o.method, o.path, o.op, doc.components.schemas)).join('\n')}`)
  .join('\n')}
</main></body></html>`;
}
