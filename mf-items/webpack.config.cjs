const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createFederatedConfig, createPreviewRuntimeConfig } = require('@midway/build-config/federation.cjs');

// Remote mf_items; its exposed modules are typed by the interfaces in @midway/contracts (frontend.ts).
const remote = createFederatedConfig({
  dir: __dirname,
  name: 'mf_items',
  title: 'Midway — items (standalone preview)',
  // Each page's own chunks (its lazy import in routes.tsx): the gateway preloads them from the page's HTML.
  preloadPages: {
    items: { modules: ['./src/items/items.page.tsx'] },
    services: { modules: ['./src/services/services.page.tsx'] },
  },
  exposes: {
    './Routes': './src/routes.tsx',
    // The shell header's New Item button opens it on any page.
    './CreateItemDialog': './src/item-dialogs/create-item-dialog.remote.tsx',
  },
});
remote.name = 'mf_items';
// Uppy's stylesheets come as text and are put in a <style> by the photo picker when it opens (no CSS pipeline
// in the shared config, and no stylesheet on any page that does not upload).
remote.module.rules.push({ test: /\.css$/, type: 'asset/source' });
for (const plugin of remote.plugins) {
  if (plugin instanceof HtmlWebpackPlugin) plugin.userOptions.chunks = plugin.options.chunks = ['main'];
}

module.exports = [remote, createPreviewRuntimeConfig({ dir: __dirname, after: 'mf_items' })];
