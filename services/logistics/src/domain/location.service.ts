import { randomUUID } from 'node:crypto';
import { conflict, notFound, type Caller } from '@midway/service-kit';
import { LOCATION_KIND_LABELS, type CreateLocationBody, type Location } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import type { Clock } from './inspection-due';
import type { LabelPrinter } from './label-pdf.pool';
import { requireStaff } from './logistics-access';

const STAFF_ONLY = 'Only Midway staff (administrators) manage the warehouse’s locations.';

/** The warehouse's places: staff create and list them, and print each one's label. */
export class LocationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deps: { clock: Clock; labels: () => LabelPrinter },
  ) {}

  /** A code in use (also by a creation racing this one) is a 409 naming it. */
  async create(caller: Caller, body: CreateLocationBody): Promise<Location> {
    requireStaff(caller, STAFF_ONLY);
    const id = randomUUID();
    const created = await this.uow.run((r) => r.locations.insert({ id, ...body, createdAt: this.deps.clock(), createdBy: caller.userId }));
    if (!created) throw conflict(`A location with code ${body.code} exists already: choose another code, or print that location’s label again.`);
    return (await this.uow.read.locations.view(id))!;
  }

  async list(caller: Caller): Promise<Location[]> {
    requireStaff(caller, STAFF_ONLY);
    return this.uow.read.locations.list();
  }

  async label(caller: Caller, id: string): Promise<{ pdf: Buffer; filename: string }> {
    requireStaff(caller, STAFF_ONLY);
    const location = await this.uow.read.locations.byId(id);
    if (!location) throw notFound('Location not found');
    const pdf = await this.deps.labels().location({ kind: 'location', code: location.code, name: location.name, kindLabel: LOCATION_KIND_LABELS[location.kind] });
    return { pdf, filename: `location-${location.code}.pdf` };
  }
}
