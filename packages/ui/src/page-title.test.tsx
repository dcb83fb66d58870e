import { render } from '@testing-library/react';
import { formatPageTitle, PageTitle, PRODUCT_TITLE, TITLE_PRIORITY } from './page-title';

describe('page titles', () => {
  it("formats '<title> · Midway' and falls back to 'Midway'", () => {
    expect(formatPageTitle('Projects')).toBe('Projects · Midway');
    expect(formatPageTitle('  ')).toBe(PRODUCT_TITLE);
    expect(formatPageTitle(undefined)).toBe('Midway');
  });

  it("a page's own title wins over its route's, whatever the order their effects run in, and unmounting restores", () => {
    // The shell's route title is the parent: React runs its effect after the child's.
    const view = render(<PageTitle title="Project" priority={TITLE_PRIORITY.route} />);
    expect(document.title).toBe('Project · Midway');
    view.rerender(
      <>
        <PageTitle title="Lakeview Residence" />
        <PageTitle title="Project" priority={TITLE_PRIORITY.route} />
      </>,
    );
    expect(document.title).toBe('Lakeview Residence · Midway');
    view.rerender(<PageTitle title="Project" priority={TITLE_PRIORITY.route} />);
    expect(document.title).toBe('Project · Midway');
    view.unmount();
    expect(document.title).toBe('Midway');
  });

  it('writes the title only when it changes (each write is a message to the browser)', () => {
    const proto = Object.getPrototypeOf(document) as Document;
    const title = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(proto), 'title') ?? Object.getOwnPropertyDescriptor(proto, 'title')!;
    const writes: string[] = [];
    const spy = jest.spyOn(document, 'title', 'set').mockImplementation((v: string) => void (writes.push(v), title.set!.call(document, v)));
    try {
      // The shell names the route and the page names itself the same: one write, not two.
      const view = render(
        <>
          <PageTitle title="Items" />
          <PageTitle title="Items" priority={TITLE_PRIORITY.route} />
        </>,
      );
      expect(writes).toEqual(['Items · Midway']);
      view.unmount();
      expect(writes).toEqual(['Items · Midway', 'Midway']);
    } finally {
      spy.mockRestore();
    }
  });

  it('takes a full title as given', () => {
    const view = render(<PageTitle title="Midway · White-glove logistics" full />);
    expect(document.title).toBe('Midway · White-glove logistics');
    view.unmount();
  });
});
