const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createFederatedConfig } = require('@midway/ui/federation.cjs');

/** Where the gateway serves this remote's dist/; the client page is served at /client/<token>, so its URLs are absolute. */
const PUBLIC_PREFIX = '/remotes/mf-projects/';

// Remote mf_projects; its exposed modules are typed by the interfaces in @midway/contracts (frontend.ts).
const config = createFederatedConfig({
  dir: __dirname,
  name: 'mf_projects',
  title: 'Midway — projects (standalone preview)',
  exposes: {
    './Routes': './src/routes.tsx',
    './CreateProjectDialog': './src/create-project/create-project-dialog.tsx',
    // single-spa lifecycles of the public client dashboard, for any host (the gateway's client.html uses them too).
    './ClientDashboard': './src/client-dashboard/client-dashboard.lifecycles.tsx',
  },
});

// Second page: the public client dashboard (GET /client/:token on the gateway serves dist/client.html).
// It has its own small entry and never loads the signed-in shell.
config.entry = { ...config.entry, client: './src/client-page/index.ts' };
for (const plugin of config.plugins) {
  if (plugin instanceof HtmlWebpackPlugin) plugin.userOptions.chunks = plugin.options.chunks = ['main'];
}
config.plugins.push(
  new HtmlWebpackPlugin({
    template: path.join(__dirname, 'src', 'client-page', 'client.html'),
    filename: 'client.html',
    chunks: ['client'],
    title: 'Client Dashboard — Midway',
    scriptLoading: 'defer',
    publicPath: PUBLIC_PREFIX,
    favicon: require.resolve('@midway/ui/assets/favicon.svg'),
  }),
);

module.exports = config;
