/**
 * A signed-out visitor's '/' must not download react-router, React Query, Radix or @midway/ui's /data entry
 * (README, Front end): each is a shared module that is fetched once something the page evaluates imports it.
 * app.tsx and everything it imports statically is what that page evaluates; the routed app is a lazy chunk.
 */
describe("the shell's signed-out path", () => {
  it('evaluates without react-router, React Query, Radix or @midway/ui/data and /query', () => {
    jest.isolateModules(() => {
      for (const name of [
        'react-router',
        '@midway/ui/router',
        '@tanstack/react-query',
        '@midway/ui/query',
        '@midway/ui/data',
        '@midway/ui/dialog',
        '@midway/ui/select',
        '@midway/ui/avatar',
        '@radix-ui/react-dialog',
      ]) {
        jest.doMock(name, () => {
          throw new Error(`the signed-out path imported ${name}`);
        });
      }
      expect(() => require('./app')).not.toThrow();
    });
  });
});
