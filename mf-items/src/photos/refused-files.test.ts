import { forgetRefused, type RefusingUploader } from './refused-files';

function uploader(files: { id: string; error?: string | null }[], info: string[]) {
  const state = { files: [...files], info: [...info], error: 'Upload failed' as string | null };
  const u: RefusingUploader = {
    getFiles: () => state.files,
    removeFile: (id) => {
      state.files = state.files.filter((f) => f.id !== id);
    },
    setState: (patch) => Object.assign(state, patch),
  };
  return { u, state };
}

describe('forgetRefused (the photo dialog, once a valid file is chosen)', () => {
  it('clears the messages about refused files and removes files whose upload was refused, keeping the chosen one', () => {
    const { u, state } = uploader([{ id: 'big', error: 'Failed to upload big.png' }, { id: 'ok' }], ['big.tiff: You can only upload: image/jpeg, …', 'huge.png exceeds maximum allowed size of 10 MB']);
    forgetRefused(u, 'ok');
    expect(state).toEqual({ files: [{ id: 'ok' }], info: [], error: null });
  });

  it('keeps the chosen file even if it carried an old error', () => {
    const { u, state } = uploader([{ id: 'ok', error: 'stale' }], ['x']);
    forgetRefused(u, 'ok');
    expect(state.files.map((f) => f.id)).toEqual(['ok']);
    expect(state.info).toEqual([]);
  });
});
