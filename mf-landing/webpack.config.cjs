const { createFederatedConfig, createPrerenderConfig, createPreviewRuntimeConfig } = require('@midway/build-config/federation.cjs');

// Remote mf_landing; its exposed modules are typed by LandingProps in @midway/contracts. The second build is
// the first screen's server renderer (LandingPrerender), which the gateway puts into `/` for signed-out visitors.
module.exports = [
  createFederatedConfig({
    dir: __dirname,
    name: 'mf_landing',
    title: 'Midway — landing (standalone preview)',
    exposes: { './Landing': './src/landing-page.tsx' },
  }),
  createPrerenderConfig({ dir: __dirname, entry: './src/prerender.tsx', after: 'mf_landing' }),
  createPreviewRuntimeConfig({ dir: __dirname, after: 'mf_landing' }),
];
