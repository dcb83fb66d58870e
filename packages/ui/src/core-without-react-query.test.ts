/** The signed-out landing page loads only the light core: it must never need React Query (see query.ts). */
describe('@midway/ui core', () => {
  it('loads without @tanstack/react-query', () => {
    jest.isolateModules(() => {
      jest.doMock('@tanstack/react-query', () => {
        throw new Error('the @midway/ui core imported @tanstack/react-query');
      });
      expect(() => require('./index')).not.toThrow();
    });
  });
});
