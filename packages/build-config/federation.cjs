// @ts-check
/**
 * The one webpack + Module Federation configuration every Midway front-end app uses (shell and remotes).
 * An app's webpack.config.cjs only names itself and what it exposes; the shared-dependency list,
 * loaders, minifier and output layout live here so all apps stay in step.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { BannerPlugin, Compilation, NormalModuleReplacementPlugin } = require('webpack');

/** Packages shared as singletons; the subpaths are listed because each is its own shared module. */
const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@tanstack/react-query',
  'styled-components',
  // The light core (theme, primitives, toasts, API client) and, as separate singletons, the Radix-heavy
  // components: a page only downloads the ones it renders (the signed-out landing page needs none of them).
  '@midway/ui',
  // Routing (the parts the apps use: see its file): the signed-out '/' does not need it.
  '@midway/ui/router',
  // Everything that needs React Query (query client, useCurrentUser, MidwayProviders): the signed-out '/' does not.
  '@midway/ui/query',
  // Tables, stat cards and the dashboard's frame: signed-in pages only.
  '@midway/ui/data',
  '@midway/ui/dialog',
  '@midway/ui/select',
  '@midway/ui/tabs',
  '@midway/ui/switch',
  '@midway/ui/avatar',
  // Item statuses with their icons (lucide): the pages that list items.
  '@midway/ui/status',
  // The Request delivery dialog, which the Items page and the project page both open.
  '@midway/ui/delivery',
];

/** RUNTIME_MANIFEST_PATH of @midway/contracts. */
const RUNTIME_MANIFEST_PATH = '/runtime-manifest.json';

/**
 * Brotli and gzip files next to every text asset (`x.js.br`, `x.js.gz`), made once at build at the highest
 * levels: the gateway sends them by Accept-Encoding (precompressed-static.ts) instead of compressing per request.
 * Source maps are not served to the page and are left alone.
 */
const PRECOMPRESSED = /\.(js|css|html|json|svg)$/;
function precompressPlugins() {
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: PRECOMPRESSED,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
      minRatio: 0.9,
    }),
    new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: PRECOMPRESSED, compressionOptions: { level: 9 }, minRatio: 0.9 }),
  ];
}

/**
 * V8's explicit compile hint (Chrome 136+) at the top of every script: compile all its functions eagerly, on the
 * streaming thread while the file downloads, instead of lazily on the main thread when each is first called. Our
 * scripts are the framework, the federation runtime and a route's own chunks, fetched when they are about to run,
 * so nearly all of their functions are called at load: it lowers the pages' blocking time (`npm run bench`, Lighthouse).
 * Added after minifying
 * (which drops comments) and before source maps, hashing and compression see the file.
 */
function compileHintPlugin() {
  return new BannerPlugin({ banner: '//# allFunctionsCalledOnLoad', raw: true, test: /\.js$/, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 });
}

/** PRELOAD_MANIFEST_FILE of @midway/contracts. */
const PRELOAD_MANIFEST_FILE = 'preload-manifest.json';

/**
 * Writes dist/preload-manifest.json (PreloadManifest in @midway/contracts): for each page the app names, the files
 * of its lazily imported modules and of the shared modules it provides, and the shared modules its code consumes;
 * the same for each exposed module; and the files of every shared module the build provides. Read from webpack's
 * own chunk graph after hashing, so it always names the files of this very build.
 */
class PreloadManifestPlugin {
  /**
   * @param {{ exposes?: Record<string, string>, pages?: Record<string, { modules?: string[], shared?: string[] }> }} opts
   *   module paths relative to the app's folder ('./src/routes.tsx'); shared: share keys this build provides.
   */
  constructor(opts) {
    this.opts = opts;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PreloadManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PreloadManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE }, () => {
        const scripts = (group) => [...new Set([...group.chunks].flatMap((c) => [...c.files].filter((f) => f.endsWith('.js'))))];
        /** Share keys the group's own code consumes (its host's copies load then, beside its chunks). */
        const consumed = (group) => [
          ...new Set(
            [...group.chunks].flatMap((c) =>
              [...compilation.chunkGraph.getChunkModulesIterable(c)].filter((m) => m.constructor.name === 'ConsumeSharedModule').map((m) => m.options.shareKey),
            ),
          ),
        ];
        const rel = (resource) => `./${path.relative(compiler.context, resource).split(path.sep).join('/')}`;
        /** Lazily imported module (its path) → its chunk group; share key → the group of the module this build provides. */
        const byModule = new Map();
        const byShareKey = new Map();
        for (const module of compilation.modules) {
          for (const block of module.blocks ?? []) {
            const group = compilation.chunkGraph.getBlockChunkGroup(block);
            if (!group) continue;
            if (module.constructor.name === 'ProvideSharedModule') byShareKey.set(module._name, scripts(group));
            for (const dep of block.dependencies) {
              const target = compilation.moduleGraph.getModule(dep);
              // A concatenated module (scope hoisting) is named by its root module.
              const resource = target?.resource ?? target?.rootModule?.resource;
              if (resource) byModule.set(rel(resource), group);
            }
          }
        }
        const unique = (lists) => [...new Set(lists.flat())];
        const groupsOf = (modules) => modules.map((m) => byModule.get(m)).filter(Boolean);
        const pages = Object.entries(this.opts.pages ?? {});
        const exposes = Object.entries(this.opts.exposes ?? {});
        const manifest = {
          pages: Object.fromEntries(
            pages.map(([page, { modules = [], shared = [] }]) => [page, unique([...groupsOf(modules).map(scripts), ...shared.map((k) => byShareKey.get(k) ?? [])])]),
          ),
          pageShared: Object.fromEntries(pages.map(([page, { modules = [] }]) => [page, unique(groupsOf(modules).map(consumed))])),
          exposes: Object.fromEntries(exposes.map(([name, m]) => [name, byModule.has(m) ? scripts(byModule.get(m)) : []])),
          exposeShared: Object.fromEntries(exposes.map(([name, m]) => [name, byModule.has(m) ? consumed(byModule.get(m)) : []])),
          shared: Object.fromEntries(byShareKey),
          // The page's own first script: preloaded ahead of the rest, or a deferred script waits behind them all.
          entry: [...(compilation.entrypoints.get('main')?.getFiles() ?? [])].filter((f) => f.endsWith('.js')),
        };
        const missing = Object.entries(this.opts.pages ?? {}).flatMap(([page, { modules = [], shared = [] }]) => [
          ...modules.filter((m) => !byModule.has(m)).map((m) => `${page}: no lazy import of ${m}`),
          ...shared.filter((k) => !byShareKey.has(k)).map((k) => `${page}: ${k} is not a shared module this build provides`),
        ]);
        // A renamed page file must not silently drop its preloads.
        for (const m of missing) compilation.errors.push(new compiler.webpack.WebpackError(`preload manifest: ${m}`));
        compilation.emitAsset(PRELOAD_MANIFEST_FILE, new sources.RawSource(JSON.stringify(manifest)));
      });
    });
  }
}

/** A compact, gzip-friendly `data:` URL for an SVG: URL-encodes only what a URL cannot carry (no base64). */
function svgDataUrl(svg) {
  const body = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/"/g, "'")
    .replace(/[%#<>{}\n\r]/g, encodeURIComponent);
  return `data:image/svg+xml,${body}`;
}

/** The version range of a package's root (subpaths share their package's version). */
function versionOf(specifier) {
  const parts = specifier.split('/');
  const root = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return require(require.resolve(`${root}/package.json`, { paths: [__dirname] })).version;
}

/**
 * @param {boolean} isHost
 * A build provides only the shared modules it imports itself. The host provides every @midway/ui entry (by
 * resolved path, which webpack always includes), as it did when @midway/ui was one module: a remote then uses the
 * host's copy instead of downloading its own. Provided modules stay lazy: nothing is fetched until consumed.
 */
function sharedDependencies(isHost) {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [
      name,
      {
        singleton: true,
        // Every app is built from one lockfile, so each shared package has one version. With a range here the
        // runtime checked it on every load of every shared module by compiling semver's regular expressions
        // afresh during the page's startup; without one the singleton is taken as is.
        requiredVersion: false,
        version: versionOf(name),
        ...(isHost && name.startsWith('@midway/ui/') ? { import: require.resolve(name) } : {}),
      },
    ]),
  );
}

/** The minifier of every browser build. */
function swcMinimizer() {
  return [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } } })];
}

/** Loaders every build uses (the browser builds and the landing's server build alike). */
function moduleRules() {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          swcrc: false,
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2020',
            transform: { react: { runtime: 'automatic' } },
          },
        },
      },
    },
    { test: /\.(png|jpe?g|webp|avif)$/i, type: 'asset/resource' },
    // Small SVGs (the landing hero is 12 KB, 1.9 KB gz) are inlined as data: URLs in the chunk that renders
    // them: the landing's largest paint no longer waits for one more request after its chunk (CSP allows data:).
    {
      test: /\.svg$/i,
      type: 'asset',
      parser: { dataUrlCondition: { maxSize: 16 * 1024 } },
      generator: { dataUrl: (content) => svgDataUrl(content.toString()) },
    },
  ];
}

/** The federation SDK's environment module and our stand-in for it (see federation-sdk-env.mjs). */
const SDK_ENV = /[\\/]@module-federation[\\/]sdk[\\/]dist[\\/]env\.js$/;
const SDK_ENV_STAND_IN = path.join(__dirname, 'federation-sdk-env.mjs');

/** Replaces the SDK's env.js, after checking that the stand-in still exports what the original does. */
function sdkEnvWithoutLocalStorage() {
  const exportsOf = (file) => /export\s*\{([^}]*)\}/.exec(fs.readFileSync(file, 'utf8'))?.[1].split(',').map((s) => s.trim()).filter(Boolean).sort();
  const original = path.join(path.dirname(require.resolve('@module-federation/sdk', { paths: [__dirname] })), 'env.js');
  const want = exportsOf(original);
  const have = exportsOf(SDK_ENV_STAND_IN);
  if (JSON.stringify(want) !== JSON.stringify(have)) {
    throw new Error(`@module-federation/sdk's dist/env.js exports ${want} but federation-sdk-env.mjs exports ${have}: update the stand-in`);
  }
  return new NormalModuleReplacementPlugin(SDK_ENV, SDK_ENV_STAND_IN);
}

/** The shell's runtime plugin that gives the remotes its federation runtime core (see the file). */
const PROVIDE_RUNTIME_CORE = path.join(__dirname, 'federation-provide-runtime.mjs');
/** A remote's preview page loads the core from this file instead (see createPreviewRuntimeConfig). */
const PREVIEW_RUNTIME_FILE = 'preview-runtime.js';

/**
 * The host's shared modules in a few chunks instead of one per module and dependency (a signed-in page asked for
 * 25 of the shell's files: each a request, a preload inserted by script and a response handled on the main thread).
 * Grouped by the pages that need them: React and styled-components (every page, the signed-out landing too); Radix
 * with its positioning and focus helpers and Midway's components on it (signed-in pages' dialogs, selects, tabs);
 * React Query, the router and @midway/ui's signed-in entries. The rest (the landing's @midway/ui core, the shell's
 * own code and the icons it draws) is split as webpack decides. A shared module's factory loads its group once.
 * @type {NonNullable<import('webpack').Configuration['optimization']>['splitChunks']}
 */
const HOST_CHUNK_GROUPS = {
  cacheGroups: {
    framework: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler|styled-components|stylis|@emotion)[\\/]/, name: 'framework', chunks: 'async', enforce: true, priority: 30 },
    radix: {
      test: /[\\/]node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce|tslib)[\\/]|[\\/]packages[\\/]ui[\\/]src[\\/]primitives[\\/](select|dialog|tabs|switch|avatar)\.tsx$/,
      name: 'radix',
      chunks: 'async',
      enforce: true,
      priority: 20,
    },
    signedIn: {
      test: /[\\/]node_modules[\\/](@tanstack|react-router|cookie|set-cookie-parser)[\\/]|[\\/]packages[\\/]ui[\\/]src[\\/]((data|status)[\\/]|(query|router|query-client|query-providers|current-user-query)\.tsx?$)/,
      name: 'signed-in',
      chunks: 'async',
      enforce: true,
      priority: 10,
    },
  },
};

/**
 * @param {object} app
 * @param {string} app.dir        the app's folder (__dirname of its webpack config)
 * @param {string} app.name       federation container name: 'shell' or a KNOWN_REMOTES name such as 'mf_landing'
 * @param {Record<string, string>} [app.exposes]  exposed modules of a remote
 * @param {string} app.title    <title> of the app's index.html (a remote's is for previewing it on its own)
 * @param {Record<string, { modules?: string[], shared?: string[] }>} [app.preloadPages]  what each page loads first
 *   (see PreloadManifestPlugin): the gateway preloads those files from the page's HTML
 * @returns {import('webpack').Configuration}
 */
function createFederatedConfig({ dir, name, exposes, title, preloadPages }) {
  const isHost = !exposes;
  return {
    name,
    mode: 'production',
    context: dir,
    entry: { main: './src/index.ts' },
    // eval-based source maps break the gateway's CSP (no 'unsafe-eval'); keep maps off the page.
    devtool: 'hidden-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // A remote resolves its chunks from wherever its remoteEntry.js was loaded (/remotes/<dir>/).
      publicPath: isHost ? '/' : 'auto',
      // Entry files keep plain names (the federation runtime module cannot take a hash in `filename`);
      // every lazily loaded chunk is content-hashed and can be cached for good.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: { rules: moduleRules() },
    optimization: {
      minimize: true,
      minimizer: swcMinimizer(),
      ...(isHost ? { splitChunks: HOST_CHUNK_GROUPS } : {}),
    },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
        shared: sharedDependencies(isHost),
        // A dead remote must not block the shared-scope negotiation of the others (RUNTIME-003).
        shareStrategy: 'loaded-first',
        // Exposed modules are typed by interfaces in @midway/contracts instead of generated d.ts.
        dts: false,
        manifest: false,
        // Remotes are registered by their remoteEntry.js URL (no mf-manifest.json snapshots) and only run in
        // browsers: drop the snapshot plugin and the Node loaders from the federation runtime.
        experiments: {
          optimization: { disableSnapshot: true, target: 'web' },
          // One copy of the federation runtime's core per page: the shell's, which it hands to every remote entry
          // (a global the remote's build points its runtime-core import at). Each remoteEntry.js carried its own.
          ...(isHost ? {} : { externalRuntime: true }),
        },
        ...(isHost ? { runtimePlugins: [PROVIDE_RUNTIME_CORE] } : {}),
      }),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'index.html'),
        title,
        scriptLoading: 'defer',
        favicon: require.resolve('@midway/ui/assets/favicon.svg'),
        // The host's page starts the runtime manifest (fetched with credentials by runtime-manifest.ts) while main.js
        // still loads. The remote entry of the page's route is preloaded by the gateway, which knows the route and
        // whether the visitor is signed in (a signed-in '/' must not download the landing page).
        ...(isHost ? { preloadFetch: [RUNTIME_MANIFEST_PATH] } : { previewRuntime: PREVIEW_RUNTIME_FILE }),
      }),
      sdkEnvWithoutLocalStorage(),
      new PreloadManifestPlugin({ exposes, pages: preloadPages }),
      compileHintPlugin(),
      ...precompressPlugins(),
    ],
    stats: 'errors-warnings',
  };
}

/**
 * The federation runtime's core for a remote's standalone preview page, as dist/preview-runtime.js (see
 * federation-preview-runtime.mjs): a build of its own, as the remote's build takes that core from a global. Runs
 * after the remote's browser build, whose `clean` would otherwise delete it.
 * @param {{ dir: string, after: string }} opts  `after`: the remote's federation name
 * @returns {import('webpack').Configuration}
 */
function createPreviewRuntimeConfig({ dir, after }) {
  return {
    name: `${after}-preview-runtime`,
    dependencies: [after],
    mode: 'production',
    target: 'web',
    context: dir,
    entry: { [PREVIEW_RUNTIME_FILE.replace(/\.js$/, '')]: path.join(__dirname, 'federation-preview-runtime.mjs') },
    devtool: false,
    output: { path: path.join(dir, 'dist'), filename: '[name].js', clean: false },
    optimization: { minimize: true, minimizer: swcMinimizer() },
    plugins: [sdkEnvWithoutLocalStorage(), ...precompressPlugins()],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A Node build of one module of an app, for server-side prerendering (see LandingPrerender in
 * @midway/contracts): CommonJS in dist/server/, sources and @midway/* bundled, every other package left to
 * Node's require (the gateway loads it with the repository's node_modules). Runs after the app's browser
 * build, whose `clean` would otherwise delete it.
 * @param {{ dir: string, entry: string, after: string }} opts  `after`: the browser build's federation name
 * @returns {import('webpack').Configuration}
 */
function createPrerenderConfig({ dir, entry, after }) {
  return {
    name: `${after}-prerender`,
    dependencies: [after],
    mode: 'production',
    target: 'node20',
    context: dir,
    entry: { prerender: entry },
    devtool: false,
    output: {
      path: path.join(dir, 'dist', 'server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      // Asset URLs as the browser build serves them (/remotes/<dir>/assets/…, same content hash).
      publicPath: `/remotes/${path.basename(dir)}/`,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    externals: [({ request }, callback) => (request && !request.startsWith('.') && !request.startsWith('@midway/') ? callback(undefined, `commonjs ${request}`) : callback())],
    module: { rules: moduleRules() },
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createFederatedConfig, createPrerenderConfig, createPreviewRuntimeConfig, precompressPlugins, SHARED_SINGLETONS, PRELOAD_MANIFEST_FILE };
