// Validates Kubernetes objects (a JSON array on stdin) against the Kubernetes API's schemas as kubernetes-models
// ships them, offline. Prints one result per object: its kind and name, and the schema's complaints (none: valid).
// A child process because kubernetes-models is ES modules only, which jest's CommonJS runtime cannot import.
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const objects = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const results = [];
for (const object of objects) {
  const { apiVersion = '', kind = '', metadata = {} } = object;
  const result = { apiVersion, kind, name: metadata.name, errors: [] };
  results.push(result);
  // Core objects (apiVersion v1) live at kubernetes-models/v1/<Kind>, others at kubernetes-models/<group>/<version>/<Kind>.
  let Model;
  try {
    Model = (await import(`kubernetes-models/${apiVersion}/${kind}`))[kind];
  } catch {
    Model = undefined;
  }
  if (typeof Model !== 'function') {
    result.errors.push(`no Kubernetes schema for ${apiVersion} ${kind}`);
    continue;
  }
  try {
    new Model(object).validate();
  } catch (err) {
    const found = Array.isArray(err.errors) ? err.errors.map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`) : [String(err.message)];
    result.errors.push(...found);
  }
}
process.stdout.write(JSON.stringify(results));
