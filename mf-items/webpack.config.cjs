const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createFederatedConfig } = require('@midway/build-config/federation.cjs');

// Remote mf_items; its exposed modules are typed by the interfaces in @midway/contracts (frontend.ts).
const remote = createFederatedConfig({
  dir: __dirname,
  name: 'mf_items',
  title: 'Midway — items (standalone preview)',
  exposes: {
    './Routes': './src/routes.tsx',
    // The shell header's New Item button opens it on any page.
    './CreateItemDialog': './src/item-dialogs/create-item-dialog.remote.tsx',
  },
});
remote.name = 'mf_items';
for (const plugin of remote.plugins) {
  if (plugin instanceof HtmlWebpackPlugin) plugin.userOptions.chunks = plugin.options.chunks = ['main'];
}

module.exports = remote;
