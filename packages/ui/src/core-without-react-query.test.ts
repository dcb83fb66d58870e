/**
 * The signed-out landing page loads only the light core: it must never need React Query (see query.ts), Radix
 * (the /dialog, /select… entries) or the /data entry, each of which is a shared module of its own.
 */
describe('@midway/ui core', () => {
  const mustNotLoad = (name: string) =>
    jest.doMock(name, () => {
      throw new Error(`the @midway/ui core imported ${name}`);
    });

  it('loads without @tanstack/react-query', () => {
    jest.isolateModules(() => {
      mustNotLoad('@tanstack/react-query');
      expect(() => require('./index')).not.toThrow();
    });
  });

  it('loads without Radix, lucide-react or the data entry', () => {
    jest.isolateModules(() => {
      for (const name of ['@radix-ui/react-dialog', '@radix-ui/react-select', '@radix-ui/react-tabs', '@radix-ui/react-switch', '@radix-ui/react-avatar', 'lucide-react', './data/index', './data/data-table', './data/stat-cards']) mustNotLoad(name);
      expect(() => require('./index')).not.toThrow();
    });
  });

  it('the data entry loads without lucide-react or Radix (each app bundles its own icons; the host provides this entry)', () => {
    for (const name of ['./data/index', './data/data-table', './data/stat-cards']) jest.dontMock(name);
    jest.isolateModules(() => {
      for (const name of ['lucide-react', '@radix-ui/react-dialog', '@radix-ui/react-select', '@tanstack/react-query']) mustNotLoad(name);
      expect(() => require('./data/index')).not.toThrow();
    });
  });
});
