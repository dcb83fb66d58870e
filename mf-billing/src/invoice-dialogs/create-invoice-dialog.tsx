import { Field, FieldError, FormAlert, FormGrid, FormRow, Input, Label, Optional, Textarea, serverMessage } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { useState, type FormEvent } from 'react';
import { useCreateInvoice, useProjects } from '../api/billing-queries';
import { ProjectCombobox } from './project-combobox';

/** The voided invoice a new one replaces: its project and client come along, and the new one names it. */
export interface ReplacedInvoice {
  id: string;
  invoiceNumber: string;
  projectId: string;
  clientName: string;
  clientEmail: string | null;
}

export interface CreateInvoiceDialogProps {
  /** Preselected project (the project page's Generate Invoice). */
  projectId?: string;
  replaces?: ReplacedInvoice;
  onClose(): void;
  /** The new draft, opened next so its items can be added. */
  onCreated(invoiceId: string): void;
}

interface Values {
  projectId: string;
  clientName: string;
  clientEmail: string;
  dueDate: string;
  notes: string;
}
type Errors = Partial<Record<keyof Values, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateInvoice(v: Values): Errors {
  const errors: Errors = {};
  if (!v.projectId) errors.projectId = 'Please select a project';
  if (!v.clientName.trim()) errors.clientName = 'Client name is required';
  if (v.clientEmail.trim() && !EMAIL.test(v.clientEmail.trim())) errors.clientEmail = 'Please enter a valid e-mail address';
  return errors;
}

/** Create Invoice (admin): a draft for a project; the number is the server's, lines come with Add Item. */
export default function CreateInvoiceDialog({ projectId, replaces, onClose, onCreated }: CreateInvoiceDialogProps) {
  const projects = useProjects();
  const create = useCreateInvoice();
  const [values, setValues] = useState<Values>({ projectId: replaces?.projectId ?? projectId ?? '', clientName: replaces?.clientName ?? '', clientEmail: replaces?.clientEmail ?? '', dueDate: '', notes: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [prefilled, setPrefilled] = useState<string | null>(replaces?.projectId ?? null);
  const saving = create.isPending;
  const list = projects.data ?? [];

  // The project's client fills the client fields until the user types their own.
  const project = list.find((p) => p.id === values.projectId);
  if (project && prefilled !== project.id && (values.clientName === '' || list.some((p) => p.clientName === values.clientName))) {
    setPrefilled(project.id);
    setValues((v) => ({ ...v, clientName: project.clientName, clientEmail: project.clientEmail ?? '' }));
  }

  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateInvoice(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        projectId: values.projectId,
        clientName: values.clientName.trim(),
        clientEmail: values.clientEmail.trim() || undefined,
        dueDate: values.dueDate || undefined,
        notes: values.notes.trim() || undefined,
        ...(replaces ? { replacesInvoiceId: replaces.id } : {}),
      },
      {
        onSuccess: (invoice) => {
          onClose();
          onCreated(invoice.id);
        },
        onError: (error) => setFailure(serverMessage(error) ?? 'Failed to create invoice. Please try again.'),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent width="600px" aria-describedby="create-invoice-description">
        <DialogTitle>Create Invoice</DialogTitle>
        <DialogDescription id="create-invoice-description">
          {replaces ? `A draft that replaces invoice ${replaces.invoiceNumber}, which was voided. ` : 'A draft invoice for a project. '}Add its items next, then send it to the client.
        </DialogDescription>
        <form onSubmit={submit} noValidate>
          <FormGrid>
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <Field>
              <Label htmlFor="invoice-project">Project</Label>
              <ProjectCombobox
                id="invoice-project"
                label="Project"
                projects={list}
                value={values.projectId}
                onChange={set('projectId')}
                loading={projects.isLoading}
                invalid={Boolean(errors.projectId)}
                disabled={saving || Boolean(replaces)}
              />
              {errors.projectId ? <FieldError>{errors.projectId}</FieldError> : null}
            </Field>
            <FormRow>
              <Field>
                <Label htmlFor="invoice-clientName">Client Name</Label>
                <Input id="invoice-clientName" value={values.clientName} onChange={(e) => set('clientName')(e.target.value)} aria-invalid={Boolean(errors.clientName)} disabled={saving} maxLength={255} />
                {errors.clientName ? <FieldError>{errors.clientName}</FieldError> : null}
              </Field>
              <Field>
                <Label htmlFor="invoice-clientEmail">
                  Client Email <Optional>(optional)</Optional>
                </Label>
                <Input id="invoice-clientEmail" type="email" value={values.clientEmail} onChange={(e) => set('clientEmail')(e.target.value)} aria-invalid={Boolean(errors.clientEmail)} disabled={saving} maxLength={255} />
                {errors.clientEmail ? <FieldError>{errors.clientEmail}</FieldError> : null}
              </Field>
            </FormRow>
            <Field>
              <Label htmlFor="invoice-dueDate">
                Due Date <Optional>(optional; 30 days after sending if empty)</Optional>
              </Label>
              <Input id="invoice-dueDate" type="date" value={values.dueDate} onChange={(e) => set('dueDate')(e.target.value)} disabled={saving} />
            </Field>
            <Field>
              <Label htmlFor="invoice-notes">
                Notes <Optional>(optional)</Optional>
              </Label>
              <Textarea id="invoice-notes" value={values.notes} onChange={(e) => set('notes')(e.target.value)} disabled={saving} maxLength={5000} />
            </Field>
          </FormGrid>
          <FormDialogFooter onCancel={onClose} saving={saving} submitLabel="Create Invoice" savingLabel="Creating..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
