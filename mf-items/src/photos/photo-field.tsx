import { Button, Field, Label, Optional } from '@midway/ui';
import { ImagePlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Thumb } from '../items/item-card';

const PhotoPickerDialog = lazy(() => import('./photo-picker-dialog'));

/** The item dialogs' Photo field: the current photo (or a placeholder) and a button that opens the picker. */
export function PhotoField({ value, onChange, itemId, disabled }: { value: string; onChange(photoUrl: string): void; itemId?: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Field style={{ gridColumn: '1 / -1' }}>
      <Label as="span">
        Photo <Optional>(optional)</Optional>
      </Label>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Thumb $size={56}>{value ? <img src={value} alt="The item's photo" /> : <ImagePlus aria-hidden />}</Thumb>
        <Button $variant="outline" $size="sm" onClick={() => setOpen(true)} disabled={disabled}>
          {value ? 'Change photo' : 'Add photo'}
        </Button>
      </div>
      <Suspense fallback={null}>{open ? <PhotoPickerDialog open={open} onOpenChange={setOpen} itemId={itemId} onPhoto={onChange} /> : null}</Suspense>
    </Field>
  );
}
