const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createFederatedConfig, createPreviewRuntimeConfig, precompressPlugins } = require('@midway/build-config/federation.cjs');

// Remote mf_billing; its exposed module is typed by RemoteModules['mf_billing/Routes'] in @midway/contracts (frontend.ts).
const remote = createFederatedConfig({
  dir: __dirname,
  name: 'mf_billing',
  title: 'Midway — billing (standalone preview)',
  // Each page's own chunks (its lazy import in routes.tsx): the gateway preloads them from the page's HTML.
  preloadPages: {
    billing: { modules: ['./src/billing/billing.page.tsx'] },
    'auto-billing': { modules: ['./src/auto-billing/auto-billing.page.tsx'] },
  },
  exposes: {
    './Routes': './src/routes.tsx',
  },
});
remote.name = 'mf_billing';
// The standalone preview page loads only the entry; the exposed module's chunks stay lazy.
for (const plugin of remote.plugins) {
  if (plugin instanceof HtmlWebpackPlugin) plugin.userOptions.chunks = plugin.options.chunks = ['main'];
}

/**
 * The public pay page (the gateway serves dist/pay.html at GET /pay/:token, the invoice e-mail's link). It never
 * loads the signed-in shell and shares nothing with a host, so it is a plain bundle without the federation runtime.
 * It runs after the remote's build (which cleans dist/) and writes pay-* files beside it, under absolute URLs.
 */
const payPage = {
  name: 'pay-page',
  dependencies: ['mf_billing'],
  mode: remote.mode,
  context: __dirname,
  entry: { pay: './src/pay-page/bootstrap.tsx' },
  devtool: remote.devtool,
  output: {
    path: remote.output.path,
    publicPath: '/remotes/mf-billing/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: 'pay-[name].[contenthash:8].js',
    assetModuleFilename: 'assets/pay-[name].[contenthash:8][ext]',
    uniqueName: 'mf_billing_pay_page',
    clean: false,
  },
  resolve: remote.resolve,
  module: remote.module,
  optimization: remote.optimization,
  performance: remote.performance,
  stats: remote.stats,
  plugins: [
    new HtmlWebpackPlugin({
      template: path.join(__dirname, 'src', 'pay-page', 'pay.html'),
      filename: 'pay.html',
      title: 'Pay an invoice — Midway',
      scriptLoading: 'defer',
      favicon: require.resolve('@midway/ui/assets/favicon.svg'),
    }),
    // A phone opening the e-mailed link gets the brotli or gzip file, as for the signed-in pages.
    ...precompressPlugins(),
  ],
};

module.exports = [remote, payPage, createPreviewRuntimeConfig({ dir: __dirname, after: 'mf_billing' })];
