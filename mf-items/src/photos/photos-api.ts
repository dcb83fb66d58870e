import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@midway/contracts/vocab';
import { apiJson, ApiError } from '@midway/ui';

/**
 * Logistics' photo calls (through the gateway): a same-origin upload URL, one PUT of the file to it, then
 * attaching the upload to an item (or, before the item exists, getting the photoUrl to send with it).
 */
export function createPhotosApi(baseUrl = '') {
  const url = (path: string) => `${baseUrl}${path}`;
  return {
    requestUpload: () => apiJson<{ uploadURL: string }>('POST', url('/api/objects/upload')),
    /** One PUT of the raw file (no multipart); progress reported as the bytes go. */
    putFile: (uploadURL: string, file: Blob, onProgress?: (sent: number, total: number) => void) =>
      new Promise<void>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('PUT', uploadURL);
        xhr.withCredentials = true;
        if (file.type) xhr.setRequestHeader('Content-Type', file.type);
        xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.total);
        xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText)));
        xhr.onerror = () => reject(new Error('Network error'));
        xhr.send(file);
      }),
    attach: (uploadURL: string, itemId?: string) => apiJson<{ photoUrl: string }>('PUT', url('/api/item-photos'), itemId ? { photoUrl: uploadURL, itemId } : { photoUrl: uploadURL }),
  };
}

export const photosApi = createPhotosApi();

/** One photo, of the size and types logistics accepts. */
export const PHOTO_RESTRICTIONS = {
  maxNumberOfFiles: 1,
  maxFileSize: PHOTO_MAX_BYTES,
  allowedFileTypes: PHOTO_TYPES,
} as const;
