import { randomUUID } from 'node:crypto';
import { mayAttachPhoto } from './photos';

describe('mayAttachPhoto: a photo stays with the project it was uploaded for', () => {
  const [uploader, other, p, q] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

  it('lets its uploader put a photo of no project yet on any item they may edit', () => {
    expect(mayAttachPhoto({ ownerId: uploader, projectId: null }, uploader, p)).toBe(true);
  });

  it('refuses anyone else a photo that belongs to no project yet', () => {
    expect(mayAttachPhoto({ ownerId: uploader, projectId: null }, other, p)).toBe(false);
  });

  it('lets anyone put it on an item of the project it belongs to, and no one on another project', () => {
    expect(mayAttachPhoto({ ownerId: uploader, projectId: p }, other, p)).toBe(true);
    expect(mayAttachPhoto({ ownerId: uploader, projectId: p }, uploader, p)).toBe(true);
    expect(mayAttachPhoto({ ownerId: uploader, projectId: p }, other, q)).toBe(false);
    expect(mayAttachPhoto({ ownerId: uploader, projectId: p }, uploader, q)).toBe(false);
  });
});
