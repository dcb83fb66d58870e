import { preloadPage } from './routes';

describe('mf_projects/Routes preloadPage', () => {
  it('loads the module of every page the shell may ask for', async () => {
    for (const page of ['dashboard', 'projects', 'project-detail'] as const) {
      const mod = (await preloadPage(page)) as { default?: unknown };
      expect(typeof mod.default).toBe('function');
    }
  });
});
