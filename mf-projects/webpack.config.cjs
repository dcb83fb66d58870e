const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createFederatedConfig, createPreviewRuntimeConfig, precompressPlugins } = require('@midway/build-config/federation.cjs');

/** Where the gateway serves this remote's dist/; the client page is served at /client/<token>, so its URLs are absolute. */
const PUBLIC_PREFIX = '/remotes/mf-projects/';

// Remote mf_projects; its exposed modules are typed by the interfaces in @midway/contracts (frontend.ts).
const remote = createFederatedConfig({
  dir: __dirname,
  name: 'mf_projects',
  title: 'Midway — projects (standalone preview)',
  // Each page's own chunks (its lazy import in routes.tsx): the gateway preloads them from the page's HTML.
  preloadPages: {
    dashboard: { modules: ['./src/dashboard/dashboard.page.tsx'] },
    projects: { modules: ['./src/projects/projects.page.tsx'] },
    'project-detail': { modules: ['./src/project-detail/project-detail.page.tsx'] },
  },
  exposes: {
    './Routes': './src/routes.tsx',
    './CreateProjectDialog': './src/create-project/create-project-dialog.tsx',
    // single-spa lifecycles of the public client dashboard, for any host (client.html below mounts the same module).
    './ClientDashboard': './src/client-dashboard/client-dashboard.lifecycles.tsx',
  },
});
remote.name = 'mf_projects';
for (const plugin of remote.plugins) {
  // The standalone preview page loads its own entry only.
  if (plugin instanceof HtmlWebpackPlugin) plugin.userOptions.chunks = plugin.options.chunks = ['main'];
}

/**
 * The public client dashboard page (the gateway serves dist/client.html at GET /client/:token). It never loads the
 * signed-in shell and shares nothing with a host, so it is a plain bundle without the federation runtime: only the
 * parts of @midway/ui it uses are included (no Radix), which keeps this public page about half the size.
 * It runs after the remote's build (which cleans dist/) and writes client-* files beside it.
 */
const clientPage = {
  name: 'client-page',
  dependencies: ['mf_projects'],
  mode: remote.mode,
  context: __dirname,
  entry: { client: './src/client-page/bootstrap.tsx' },
  devtool: remote.devtool,
  output: {
    path: remote.output.path,
    publicPath: PUBLIC_PREFIX,
    filename: '[name].[contenthash:8].js',
    chunkFilename: 'client-[name].[contenthash:8].js',
    assetModuleFilename: 'assets/client-[name].[contenthash:8][ext]',
    uniqueName: 'mf_projects_client_page',
    clean: false,
  },
  resolve: remote.resolve,
  module: remote.module,
  optimization: remote.optimization,
  performance: remote.performance,
  stats: remote.stats,
  plugins: [
    new HtmlWebpackPlugin({
      template: path.join(__dirname, 'src', 'client-page', 'client.html'),
      filename: 'client.html',
      title: 'Client Dashboard — Midway',
      scriptLoading: 'defer',
      favicon: require.resolve('@midway/ui/assets/favicon.svg'),
    }),
    // A phone opening the e-mailed link gets the brotli or gzip file, as for the signed-in pages.
    ...precompressPlugins(),
  ],
};

module.exports = [remote, clientPage, createPreviewRuntimeConfig({ dir: __dirname, after: 'mf_projects' })];
