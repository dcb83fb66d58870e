import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { currentUserSchema, pageLoadPlan, projectSchema, SHELL_PRERENDER_PATH, type ShellPrerender, type SignedInFrameProps } from '@midway/contracts';
import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@midway/service-kit';
import type { z } from 'zod';
import type { FirstScreen } from './landing-prerender';

const projectHeadingSchema = projectSchema.pick({ name: true, location: true, clientName: true, installDate: true });

/**
 * A signed-in page's first screen (sidebar, header, the page's heading over placeholders), rendered by the shell's
 * server build with what identity and catalog answer for this caller. Reads are time-boxed: a slow or failing
 * service, a project the caller may not see, or a missing build only cost the page its frame, never the page.
 */
export class SignedInFrames {
  private readonly prerender: ShellPrerender | null;
  // The same frame for the same page and caller: a render holds the gateway's one thread.
  private readonly rendered = new LRUCache<string, FirstScreen | false>({ max: 2000 });

  constructor(private readonly opts: { root: string; identityUrl?: () => string | undefined; catalogUrl?: () => string | undefined; logger: Logger; timeoutMs?: number }) {
    this.prerender = loadShellPrerender(opts.root, opts.logger);
  }

  async render(req: Request): Promise<FirstScreen | null> {
    const plan = pageLoadPlan(req.path, '', true);
    // The services' replicas that are up now (none: the page renders in the browser alone).
    const identityUrl = this.opts.identityUrl?.();
    const catalogUrl = this.opts.catalogUrl?.();
    if (!this.prerender || !plan || !identityUrl) return null;
    // A project page's one first read is its project (pageLoadPlan names it only for a plain id).
    const projectRead = plan.page === 'project-detail' ? plan.queries[0] : undefined;
    const [user, project] = await Promise.all([
      this.read(req, `${identityUrl}/api/auth/user`, currentUserSchema),
      projectRead && catalogUrl ? this.read(req, `${catalogUrl}${projectRead}`, projectHeadingSchema) : null,
    ]);
    // A project's page without its heading (not theirs, gone, or catalog late) renders in the browser alone.
    if (!user || (plan.page === 'project-detail' && !project)) return null;
    const props: SignedInFrameProps = { path: req.path, user, project };
    const key = JSON.stringify(props);
    let screen = this.rendered.get(key);
    if (screen === undefined) {
      try {
        screen = this.prerender.renderSignedInFrame(props) ?? false;
      } catch (err) {
        this.opts.logger.warn({ err, path: req.path }, 'signed-in frame not prerendered: its render failed');
        screen = false;
      }
      this.rendered.set(key, screen);
    }
    return screen || null;
  }

  /** The caller's answer from a service, parsed; null when it fails, refuses or is late. */
  private async read<S extends z.ZodType>(req: Request, url: string, schema: S): Promise<z.infer<S> | null> {
    try {
      const answer = await fetch(url, {
        headers: { [IDENTITY_HEADER]: String(req.headers[IDENTITY_HEADER] ?? ''), [REQUEST_ID_HEADER]: String(req.headers[REQUEST_ID_HEADER] ?? '') },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 300),
      });
      if (!answer.ok) return null;
      const parsed = schema.safeParse(await answer.json());
      return parsed.success ? parsed.data : null;
    } catch (err) {
      req.log?.debug({ url, err: (err as Error).message }, 'signed-in frame read failed');
      return null;
    }
  }
}

function loadShellPrerender(root: string, logger: Logger): ShellPrerender | null {
  const file = path.join(root, SHELL_PRERENDER_PATH);
  if (!fs.existsSync(file)) {
    logger.info({ file }, 'signed-in pages not prerendered: the shell server build is missing');
    return null;
  }
  try {
    return require(file) as ShellPrerender;
  } catch (err) {
    logger.warn({ err, file }, 'signed-in pages not prerendered: the shell server build failed to load');
    return null;
  }
}
