/**
 * What each Module Federation remote exposes, typed once here so the shell (host) and the remote
 * both compile against the same interface (federation `dts` is off). Type-only: no runtime code,
 * and React is referenced only as a type.
 */
import type { ComponentType } from 'react';
import type { Project } from './catalog/projects';
import type { CurrentUser } from './identity/users';
import type { PublicConfig, RemoteName } from './runtime';

/** mf_landing `./Landing`: the public landing page. */
export interface LandingProps {
  /** Contact details and product name from the runtime manifest (never hard-coded in the remote). */
  config: PublicConfig;
}

/**
 * mf-landing's server build (`mf-landing/dist/server/prerender.js`, CommonJS): the landing page's first
 * screen (header and hero) as static HTML and its CSS, which the gateway puts into `/` for signed-out
 * visitors so the largest paint does not wait for JavaScript. The shell's React then replaces it.
 */
export interface LandingPrerender {
  /** `html` goes inside #root; `css` is plain CSS text (no <style> tag). */
  renderFirstScreen(props: LandingProps): { html: string; css: string };
}
/** Where the gateway finds LandingPrerender, relative to the repository root. */
export const LANDING_PRERENDER_PATH = 'mf-landing/dist/server/prerender.js';
/**
 * What the gateway knows of a signed-in page when it answers its HTML: the caller (from identity) and, on a project's
 * page, the project's heading (from catalog, as the caller may see it).
 */
export interface SignedInFrameProps {
  /** The page's path, e.g. '/items' or '/projects/<id>'. */
  path: string;
  user: CurrentUser;
  project?: ProjectHeading | null;
}

/** What a project's page shows above its data (GET /api/projects/:id's fields). */
export type ProjectHeading = Pick<Project, 'name' | 'location' | 'clientName' | 'installDate'>;

/**
 * The shell's server build (`shell/dist/server/prerender.js`, CommonJS): a signed-in page's frame (sidebar, header and
 * the page's heading above its loading placeholders) as static HTML and CSS, so the heading paints with the HTML
 * instead of after ~300 KB of scripts. The shell's React then replaces it with the page in one commit.
 */
export interface ShellPrerender {
  /** null for a path with no signed-in page (the shell's 404 renders in the browser). */
  renderSignedInFrame(props: SignedInFrameProps): { html: string; css: string } | null;
}
export const SHELL_PRERENDER_PATH = 'shell/dist/server/prerender.js';
/** The PRERENDERED_ATTRIBUTE's value for each kind of prerendered first screen. */
export type PrerenderedScreen = 'landing' | 'signed-in';

/** Set on #root when it holds prerendered HTML: the shell then keeps it until its own first screen is ready. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** id of the <style> holding the prerendered CSS; the shell removes it once its own page is on screen. */
export const PRERENDER_STYLE_ID = 'prerendered-css';

/** mf_projects `./CreateProjectDialog`, opened by the shell header's New Project button. */
export interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** mf_items `./CreateItemDialog` (Create New Item), opened by the shell header's New Item button. */
export interface CreateItemDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Preselects (and locks) the project, e.g. on a project's page. */
  projectId?: string;
}

/**
 * A remote's `./Routes`: one component the shell mounts on each of the remote's routes in its route
 * table, telling it which page to render; route params are read with useParams.
 */
export interface RemoteRoutesProps<Page extends string> {
  page: Page;
}
/** `invitation`: the page an invitation e-mail links to (/invitations/{token}), signed in or not. */
export type ProjectsPage = 'dashboard' | 'projects' | 'project-detail' | 'invitation';
export type ItemsPage = 'items' | 'services';
export type BillingPage = 'billing' | 'auto-billing';
/** The provider's staff screens (admins only). */
export type WarehousePage = 'receiving' | 'deliveries' | 'storage';

/** single-spa lifecycles of the public client dashboard (mf_projects `./ClientDashboard`), mountable by any host. */
export interface ClientDashboardProps {
  name: string;
  domElement: HTMLElement;
  /** The project's share token from the /client/{token} URL. */
  token: string;
}
export interface ClientDashboardLifecycles {
  bootstrap(props: ClientDashboardProps): Promise<unknown>;
  mount(props: ClientDashboardProps): Promise<unknown>;
  unmount(props: ClientDashboardProps): Promise<unknown>;
}

export interface RemoteModule<Props> {
  default: ComponentType<Props>;
}

/**
 * A remote's `./Routes` module; `preloadPage` starts loading a page's code (and its first reads) before the shell
 * renders it, and resolves when the page can render with them (a prerendered frame stays on screen until then).
 */
export interface RemoteRoutesModule<Page extends string> extends RemoteModule<RemoteRoutesProps<Page>> {
  preloadPage?(page: Page): Promise<unknown>;
}

/** Every exposed module by its federation id `<container>/<exposed name>`. */
export interface RemoteModules {
  'mf_landing/Landing': RemoteModule<LandingProps>;
  'mf_projects/Routes': RemoteRoutesModule<ProjectsPage>;
  'mf_projects/CreateProjectDialog': RemoteModule<CreateProjectDialogProps>;
  'mf_projects/ClientDashboard': ClientDashboardLifecycles;
  'mf_items/Routes': RemoteRoutesModule<ItemsPage>;
  'mf_items/CreateItemDialog': RemoteModule<CreateItemDialogProps>;
  'mf_billing/Routes': RemoteRoutesModule<BillingPage>;
  'mf_warehouse/Routes': RemoteRoutesModule<WarehousePage>;
}
export type RemoteModuleId = keyof RemoteModules;

/** The container a module id belongs to, e.g. 'mf_projects' for 'mf_projects/Routes'. */
export type RemoteOf<Id extends RemoteModuleId> = Id extends `${infer R extends RemoteName}/${string}` ? R : never;

// SearchResult (GET /api/search) is defined with its zod schema in ./catalog/search.

/**
 * What each front-end build writes beside its files (`dist/preload-manifest.json`, by @midway/build-config): the
 * script files a page needs, so the gateway can preload them all from the page's HTML instead of the browser
 * discovering them one lazy import after another (about eight round trips on a signed-in page). File names are
 * relative to the build's dist folder.
 */
export interface PreloadManifest {
  /** A page's lazily imported modules (named in the app's webpack config) and the shared modules it provides → files. */
  pages: Record<string, string[]>;
  /** Each exposed module ('./Routes') → files. */
  exposes: Record<string, string[]>;
  /** Share keys each page's and each exposed module's own code consumes ('@midway/ui/dialog'): the host's copies load. */
  pageShared: Record<string, string[]>;
  exposeShared: Record<string, string[]>;
  /** Every shared module the build provides (share key → files). */
  shared: Record<string, string[]>;
  /** The build's entry scripts (the shell's main.js). */
  entry: string[];
}
export const PRELOAD_MANIFEST_FILE = 'preload-manifest.json';
/** The shell's page in its manifest: what every signed-in page runs (router, query client, layout, React, @midway/ui). */
export const SIGNED_IN_SHELL_PAGE = 'signed-in';
