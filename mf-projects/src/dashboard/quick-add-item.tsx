import type { Project } from '@midway/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, FormAlert, FormGrid, Input, Label, Optional } from '@midway/ui';
import { Select } from '@midway/ui/select';
import { Loader2, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useAddItem } from '../api/catalog-queries';
import { EMPTY_QUICK_ADD, validateQuickAdd, type QuickAddValues } from './quick-add-form';

/** The dashboard's Quick Add Item panel: a project, an item name, and optionally a supplier and a tracking number. */
export function QuickAddItem({ projects }: { projects: readonly Project[] | undefined }) {
  const [values, setValues] = useState<QuickAddValues>(EMPTY_QUICK_ADD);
  const [error, setError] = useState<string | null>(null);
  const addItem = useAddItem();
  const set = (field: keyof QuickAddValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const options = (projects ?? []).map((p) => ({ value: p.id, label: p.name }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateQuickAdd(values);
    if (!result.ok) return setError(result.message);
    setError(null);
    addItem.mutate(
      { projectId: result.projectId, item: result.item },
      // Keep the chosen project for the next item; clear the item's own fields.
      { onSuccess: () => setValues((v) => ({ ...EMPTY_QUICK_ADD, projectId: v.projectId })) },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick Add Item</CardTitle>
        <CardDescription>Log an item you just ordered.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label="Quick add item">
          <FormGrid>
            {error ? <FormAlert>{error}</FormAlert> : null}
            <Field>
              <Label htmlFor="quick-add-project">Project</Label>
              <Select
                id="quick-add-project"
                value={values.projectId}
                onValueChange={set('projectId')}
                options={options}
                placeholder={options.length ? 'Select a project' : 'No projects yet'}
                disabled={options.length === 0 || addItem.isPending}
              />
            </Field>
            <Field>
              <Label htmlFor="quick-add-name">Item name</Label>
              <Input id="quick-add-name" value={values.name} onChange={(e) => set('name')(e.target.value)} placeholder="e.g. Walnut dining table" maxLength={255} disabled={addItem.isPending} />
            </Field>
            <Field>
              <Label htmlFor="quick-add-supplier">
                Supplier <Optional>(optional)</Optional>
              </Label>
              <Input id="quick-add-supplier" value={values.supplier} onChange={(e) => set('supplier')(e.target.value)} maxLength={255} disabled={addItem.isPending} />
            </Field>
            <Field>
              <Label htmlFor="quick-add-tracking">
                Tracking number <Optional>(optional)</Optional>
              </Label>
              <Input id="quick-add-tracking" value={values.trackingNumber} onChange={(e) => set('trackingNumber')(e.target.value)} maxLength={100} disabled={addItem.isPending} />
            </Field>
            <Button type="submit" $block disabled={addItem.isPending}>
              {addItem.isPending ? <Loader2 aria-hidden /> : <Plus aria-hidden />}
              {addItem.isPending ? 'Adding...' : 'Add Item'}
            </Button>
          </FormGrid>
        </form>
      </CardContent>
    </Card>
  );
}
