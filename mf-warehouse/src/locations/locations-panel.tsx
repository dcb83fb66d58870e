import { createLocationBodySchema, LOCATION_KIND_LABELS, LOCATION_KINDS, type LocationKind } from '@midway/contracts';
import { Badge, Button, ButtonLink, Card, CardContent, CardDescription, CardHeader, CardTitle, Code, Field, FieldError, Input, Label, NativeSelect, serverMessage, toast } from '@midway/ui';
import { FileText, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { custodyApi } from '../api/custody-api';
import { useCreateLocation, useLocations } from '../api/custody-queries';

const Form = styled.form`
  display: grid;
  gap: 12px;
  grid-template-columns: minmax(0, 140px) minmax(0, 1fr) minmax(0, 140px) auto;
  align-items: end;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    > :nth-child(2) { grid-column: 1 / -1; order: -1; }
    > button { grid-column: 1 / -1; height: 44px; }
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(64px, auto) minmax(0, 1fr) auto;
  gap: 4px 12px;
  align-items: center;
  padding: 10px 12px;
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  p { margin: 0; overflow-wrap: anywhere; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
  code { font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: 700; overflow-wrap: anywhere; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr) auto;
    > div { grid-column: 1 / -1; }
  }
`;

const KIND_OPTIONS = LOCATION_KINDS.map((k) => ({ value: k, label: LOCATION_KIND_LABELS[k] }));

/** The new location's form: code, name and kind, checked with the service's own schema before it is sent. */
function NewLocation() {
  const create = useCreateLocation();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<LocationKind>('bin');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createLocationBodySchema.safeParse({ code, name, kind });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (location) => {
        toast({ title: `Location ${location.code} created`, description: 'Print its label and stick it on the place.', variant: 'success' });
        setCode('');
        setName('');
      },
      onError: (error) => setErrors({ code: serverMessage(error) ?? 'Could not create the location. Check the connection and try again.' }),
    });
  };
  const described = (field: string) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `location-${field}-error` } : {});
  return (
    <Form onSubmit={submit} aria-label="New location" noValidate>
      <Field>
        <Label htmlFor="location-code">Code</Label>
        <Input id="location-code" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} placeholder="B-12" maxLength={32} autoCapitalize="characters" autoComplete="off" {...described('code')} />
      </Field>
      <Field>
        <Label htmlFor="location-name">Name</Label>
        <Input id="location-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Bay B, shelf 12" maxLength={100} {...described('name')} />
      </Field>
      <Field>
        <Label htmlFor="location-kind">Kind</Label>
        <NativeSelect id="location-kind" value={kind} onValueChange={(v) => setKind(v as LocationKind)} options={KIND_OPTIONS} />
      </Field>
      <Button type="submit" disabled={create.isPending}>
        <Plus aria-hidden />
        Create
      </Button>
      {Object.entries(errors).map(([field, message]) => (
        <FieldError key={field} id={`location-${field}-error`} style={{ gridColumn: '1 / -1' }} role="alert">
          {message}
        </FieldError>
      ))}
    </Form>
  );
}

/** The warehouse's places, by code, each with how many items are there and its label to print. */
export function LocationsPanel() {
  const { data, isLoading, isError } = useLocations();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Locations</CardTitle>
        <CardDescription>Docks, bins, floor zones and staging lanes. Each has a label with its code as a barcode.</CardDescription>
      </CardHeader>
      <CardContent>
        <NewLocation />
        {isLoading ? <p>Loading…</p> : null}
        {isError ? <p role="alert">The locations could not be loaded. Reload the page to try again.</p> : null}
        {data && data.length === 0 ? <p style={{ marginTop: 16 }}>No locations yet. Create the first one above, then print its label.</p> : null}
        <List aria-label="Locations">
          {data?.map((l) => (
            <Row key={l.id} data-testid="location">
              <Code>{l.code}</Code>
              <div>
                <p>{l.name}</p>
                <small>
                  <Badge>{LOCATION_KIND_LABELS[l.kind]}</Badge> {l.itemCount} {l.itemCount === 1 ? 'item' : 'items'}
                </small>
              </div>
              <ButtonLink $variant="outline" $size="sm" href={custodyApi.locationLabelUrl(l.id)} target="_blank" rel="noopener" aria-label={`Label of ${l.code} (PDF)`}>
                <FileText aria-hidden />
                Label
              </ButtonLink>
            </Row>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
