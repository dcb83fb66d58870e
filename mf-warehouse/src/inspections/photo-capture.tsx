import { INSPECTION_PHOTOS_MAX, PHOTO_MAX_BYTES, PHOTO_TYPES } from '@midway/contracts/vocab';
import { Button, Label, isUnauthorizedError, serverMessage } from '@midway/ui';
import { Camera, Loader2, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { warehouseApi } from '../api/warehouse-api';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

const Picker = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  height: 40px;
  padding: 0 16px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  cursor: pointer;
  svg { width: 16px; height: 16px; }
  &:focus-within { box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.accentSoft}; border-color: ${({ theme }) => theme.colors.accent}; }
  input { position: absolute; width: 1px; height: 1px; opacity: 0; }
`;

const Photos = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  li { position: relative; }
  img { display: block; width: 72px; height: 72px; object-fit: cover; border-radius: ${({ theme }) => theme.radii.sm}; border: 1px solid ${({ theme }) => theme.colors.border}; }
  button { position: absolute; top: -8px; right: -8px; width: 24px; height: 24px; }
`;

const Problem = styled.p.attrs({ role: 'alert' })`
  margin-top: 6px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.danger};
`;

/** Why a picked file cannot go, or null: the types and size logistics accepts. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return `${file.name} is not a JPEG, PNG, WebP or GIF image: take the photo again or pick another file.`;
  if (file.size > PHOTO_MAX_BYTES) return `${file.name} is larger than 10 MB: take it at a lower resolution.`;
  return null;
}

/**
 * Photos for an inspection, taken with the phone's back camera (or picked from files on a computer). Each goes
 * through the item photos' upload path at once — POST /api/objects/upload, then a PUT of the file to its
 * uploadURL — and the served /api/photos/{id} paths are what the inspection sends.
 */
export function PhotoCapture({ value, onChange, onBusyChange }: { value: string[]; onChange(urls: string[]): void; onBusyChange?(busy: boolean): void }) {
  const inputId = useId();
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!files.length) return;
    const room = INSPECTION_PHOTOS_MAX - value.length;
    const bad = files.map(photoProblem).find(Boolean) ?? (files.length > room ? `At most ${INSPECTION_PHOTOS_MAX} photos per inspection: remove some first.` : null);
    setProblem(bad);
    const good = files.filter((f) => !photoProblem(f)).slice(0, Math.max(room, 0));
    if (!good.length) return;
    setUploading((n) => n + good.length);
    onBusyChange?.(true);
    const added: string[] = [];
    for (const file of good) {
      try {
        const { uploadURL } = await warehouseApi.requestUpload();
        const { photoUrl } = await warehouseApi.putPhoto(uploadURL, file);
        added.push(photoUrl);
      } catch (error) {
        if (!isUnauthorizedError(error)) setProblem(`${file.name} did not upload${serverMessage(error) ? `: ${serverMessage(error)}` : ''}. Take it again.`);
      }
    }
    setUploading((n) => n - good.length);
    onBusyChange?.(false);
    onChange([...value, ...added]);
  };

  return (
    <div>
      <Label as="p">Photos</Label>
      <Row>
        <Picker htmlFor={inputId}>
          {uploading ? <Loader2 aria-hidden /> : <Camera aria-hidden />}
          {uploading ? `Uploading ${uploading}…` : value.length ? 'Take another photo' : 'Take photos'}
          <input id={inputId} type="file" accept="image/*" capture="environment" multiple onChange={upload} disabled={uploading > 0} aria-label="Take photos" />
        </Picker>
      </Row>
      {problem ? <Problem>{problem}</Problem> : null}
      {value.length ? (
        <Photos aria-label="Photos taken">
          {value.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt={`Photo ${i + 1}`} />
              </a>
              <Button $variant="secondary" $size="icon" aria-label={`Remove photo ${i + 1}`} onClick={() => onChange(value.filter((u) => u !== url))}>
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </Photos>
      ) : null}
    </div>
  );
}
