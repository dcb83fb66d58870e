const { createFederatedConfig, createPrerenderConfig } = require('@midway/build-config/federation.cjs');

// The host: remotes are registered at runtime from /runtime-manifest.json, so none are listed here. The second
// build is the signed-in frame's server renderer (ShellPrerender), which the gateway puts into signed-in pages.
module.exports = [
  createFederatedConfig({
    dir: __dirname,
    name: 'shell',
    title: 'Midway',
    // What every signed-in page runs before its remote renders; the gateway preloads it from the page's HTML.
    preloadPages: {
      'signed-in': {
        modules: ['./src/bootstrap.tsx', './src/routed-app.tsx', './src/layout/app-layout.tsx'],
        shared: ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@tanstack/react-query', 'styled-components', '@midway/ui', '@midway/ui/query', '@midway/ui/router', '@midway/ui/data'],
      },
    },
  }),
  createPrerenderConfig({ dir: __dirname, entry: './src/prerender.tsx', after: 'shell' }),
];
