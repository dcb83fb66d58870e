const { createFederatedConfig } = require('@midway/build-config/federation.cjs');

// The host: remotes are registered at runtime from /runtime-manifest.json, so none are listed here.
module.exports = createFederatedConfig({ dir: __dirname, name: 'shell', title: 'Midway' });
