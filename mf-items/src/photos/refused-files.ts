/** The part of Uppy that forgetting refused files uses (an Uppy instance; a stand-in in unit tests). */
export interface RefusingUploader {
  getFiles(): readonly { id: string; error?: string | null }[];
  removeFile(id: string): void;
  setState(patch: { info: []; error: null }): void;
}

/**
 * A valid file was chosen: what was said about the files refused before it goes — the messages of the files it
 * would not take (a type or size it does not accept) and any file whose upload was refused, with its error —
 * so the dialog shows only the file that will be uploaded.
 */
export function forgetRefused(uploader: RefusingUploader, chosenId: string): void {
  for (const file of uploader.getFiles()) if (file.id !== chosenId && file.error) uploader.removeFile(file.id);
  uploader.setState({ info: [], error: null });
}
