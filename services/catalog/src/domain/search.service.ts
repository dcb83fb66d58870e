import type { Caller } from '@midway/service-kit';
import type { SearchResult } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';

/** Catalog's half of the global search (the gateway merges it with the other sources). */
export class SearchService {
  constructor(private readonly uow: UnitOfWork) {}

  search(caller: Caller, q: string): Promise<SearchResult[]> {
    return this.uow.read.search.search(caller, q);
  }
}
