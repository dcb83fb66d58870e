import Uppy, { type Meta } from '@uppy/core';
import coreCss from '@uppy/core/css/style.min.css';
import dashboardCss from '@uppy/dashboard/css/style.min.css';
import Dashboard from '@uppy/react/dashboard';
import { useEffect, useState } from 'react';
import { PHOTO_RESTRICTIONS, photosApi } from './photos-api';
import { forgetRefused } from './refused-files';

/** Uppy's styles, once per page (the build hands them over as text; the shell has no CSS pipeline). */
function injectCss() {
  if (document.getElementById('uppy-styles')) return;
  const style = document.createElement('style');
  style.id = 'uppy-styles';
  style.textContent = `${coreCss}\n${dashboardCss}`;
  document.head.appendChild(style);
}

type Body = { uploadURL?: string };

/**
 * The upload widget (Uppy's Dashboard): one image of at most 10 MB, Uppy's own messages for what it refuses
 * (cleared once a valid file is chosen), and one PUT of the file to the same-origin upload URL logistics gives (no multipart, no Companion).
 * Loaded only when the photo dialog opens.
 */
export default function UppyDashboard({ onUploaded }: { onUploaded(uploadURL: string): void }) {
  const [uppy] = useState(() => {
    const instance = new Uppy<Meta, Body>({ restrictions: { ...PHOTO_RESTRICTIONS, allowedFileTypes: [...PHOTO_RESTRICTIONS.allowedFileTypes] }, autoProceed: false });
    instance.addUploader(async (fileIDs) => {
      for (const id of fileIDs) {
        const file = instance.getFile(id);
        if (!file) continue;
        try {
          const { uploadURL } = await photosApi.requestUpload();
          await photosApi.putFile(uploadURL, file.data as Blob, (sent, total) =>
            instance.emit('upload-progress', instance.getFile(id), { bytesUploaded: sent, bytesTotal: total, uploadStarted: Date.now() }),
          );
          instance.emit('upload-success', instance.getFile(id), { status: 200, body: { uploadURL }, uploadURL });
        } catch (error) {
          instance.emit('upload-error', instance.getFile(id), error as Error);
        }
      }
    });
    // Choosing a valid file clears what was said about the files refused before it.
    instance.on('file-added', (file) => forgetRefused(instance, file.id));
    return instance;
  });
  useEffect(() => {
    injectCss();
    const done = (result: { successful?: { response?: { uploadURL?: string } }[] }) => {
      const url = result.successful?.[0]?.response?.uploadURL;
      if (url) onUploaded(url);
    };
    uppy.on('complete', done as never);
    return () => {
      uppy.off('complete', done as never);
    };
  }, [uppy, onUploaded]);
  useEffect(() => () => uppy.destroy(), [uppy]);
  return <Dashboard uppy={uppy} proudlyDisplayPoweredByUppy={false} height={360} width="100%" note="One image (JPEG, PNG, WebP or GIF), up to 10 MB" />;
}
