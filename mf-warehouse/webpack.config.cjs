const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createFederatedConfig, createPreviewRuntimeConfig } = require('@midway/build-config/federation.cjs');

// Remote mf_warehouse; its exposed module is typed by RemoteModules['mf_warehouse/Routes'] in @midway/contracts (frontend.ts).
const remote = createFederatedConfig({
  dir: __dirname,
  name: 'mf_warehouse',
  title: 'Midway — warehouse (standalone preview)',
  // Each page's own chunks (its lazy import in routes.tsx): the gateway preloads them from the page's HTML.
  preloadPages: {
    receiving: { modules: ['./src/receiving/receiving.page.tsx'] },
  },
  exposes: {
    './Routes': './src/routes.tsx',
  },
});
remote.name = 'mf_warehouse';
// The standalone preview page loads only the entry; the exposed module's chunks stay lazy.
for (const plugin of remote.plugins) {
  if (plugin instanceof HtmlWebpackPlugin) plugin.userOptions.chunks = plugin.options.chunks = ['main'];
}

module.exports = [remote, createPreviewRuntimeConfig({ dir: __dirname, after: 'mf_warehouse' })];
