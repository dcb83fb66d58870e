import type { CreateProjectDialogProps } from '@midway/contracts';
import { Field, FormAlert, FormGrid, FormRow, Input, Label, Optional } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useCreateProject } from '../api/catalog-queries';
import { EMPTY_PROJECT_FORM, validateProjectForm, type ProjectFormValues } from './create-project-form';

const FIELDS: { name: keyof ProjectFormValues; label: string; type: string; required: boolean; placeholder?: string; autoComplete?: string }[] = [
  { name: 'name', label: 'Project name', type: 'text', required: true, placeholder: 'e.g. Lakeview Residence' },
  { name: 'clientName', label: 'Client name', type: 'text', required: true, placeholder: 'e.g. Jordan Ellis', autoComplete: 'off' },
  { name: 'clientEmail', label: 'Client email', type: 'email', required: false, placeholder: 'client@example.com', autoComplete: 'off' },
  { name: 'location', label: 'Location', type: 'text', required: true, placeholder: 'e.g. 12 Harbour St, Toronto' },
  { name: 'installDate', label: 'Install date', type: 'date', required: false },
];

/**
 * The create-project dialog (exposed as mf_projects/CreateProjectDialog for the shell's New Project button,
 * and used by the Projects page). While saving it cannot be closed and every field is disabled.
 */
export default function CreateProjectDialog({ open, onOpenChange }: CreateProjectDialogProps) {
  const [values, setValues] = useState<ProjectFormValues>(EMPTY_PROJECT_FORM);
  const [error, setError] = useState<{ message: string; invalid: (keyof ProjectFormValues)[] } | null>(null);
  const create = useCreateProject();
  const saving = create.isPending;

  const change = (field: keyof ProjectFormValues) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateProjectForm(values);
    if (!result.ok) return setError({ message: result.message, invalid: result.invalid });
    setError(null);
    create.mutate(result.body, {
      onSuccess: () => {
        setValues(EMPTY_PROJECT_FORM);
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent width="560px" aria-describedby="create-project-description" hideClose={saving}>
        <DialogTitle>Create New Project</DialogTitle>
        <DialogDescription id="create-project-description">Add a design project to start tracking its items.</DialogDescription>
        <form onSubmit={submit} noValidate>
          <FormGrid>
            {error ? <FormAlert>{error.message}</FormAlert> : null}
            <FormRow>
              {FIELDS.map((f) => (
                <Field key={f.name} style={f.name === 'location' ? { gridColumn: '1 / -1' } : undefined}>
                  <Label htmlFor={`project-${f.name}`}>
                    {f.label} {f.required ? <span aria-hidden>*</span> : <Optional>(optional)</Optional>}
                  </Label>
                  <Input
                    id={`project-${f.name}`}
                    name={f.name}
                    type={f.type}
                    value={values[f.name]}
                    onChange={change(f.name)}
                    placeholder={f.placeholder}
                    autoComplete={f.autoComplete}
                    required={f.required}
                    maxLength={255}
                    disabled={saving}
                    aria-invalid={error?.invalid.includes(f.name) || undefined}
                  />
                </Field>
              ))}
            </FormRow>
          </FormGrid>
          <FormDialogFooter onCancel={() => onOpenChange(false)} saving={saving} submitLabel="Create Project" savingLabel="Creating..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
