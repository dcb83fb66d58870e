import { PREFETCH_GLOBAL, type PrefetchStore } from '@midway/contracts/page-data';

/** Whether the shell's first script started a read of this URL (it may already have been taken). */
export function wasPrefetched(url: string): boolean {
  const store = (globalThis as unknown as Record<string, PrefetchStore | undefined>)[PREFETCH_GLOBAL];
  return Boolean(store?.[url]);
}

type Read<T> = { promise: Promise<T>; value?: T };

export interface FirstReads<R> {
  /**
   * Starts `load` for `key` if the shell prefetched `url` (only then: a page's preload starts no read of its own).
   * `load` goes through the API client, which takes the prefetched answer of that URL and parses it.
   */
  startIfPrefetched<K extends keyof R>(key: K, url: string, load: () => Promise<R[K]>): void;
  /** A first read that has arrived, handed out once (as a query's initialData; later mounts read afresh). */
  takeData<K extends keyof R>(key: K): R[K] | undefined;
  /** A first read still on its way, handed out once (to the query's first fetch, instead of reading again). */
  takePromise<K extends keyof R>(key: K): Promise<R[K]> | undefined;
  /** Resolves once every read started so far has arrived or failed (a page preload waits for it to render with data). */
  settled(): Promise<void>;
}

/**
 * A remote's first reads, parsed while its page's chunks still load (called from its preloadPage): the page's
 * first render then has its data (React Query's initialData) and renders once, time-sliced inside the shell's
 * start-up transition, instead of rendering a skeleton and then the data in one blocking task (React Query's
 * store updates render synchronously).
 */
export function createFirstReads<R extends object>(): FirstReads<R> {
  const reads: Partial<Record<keyof R, Read<unknown>>> = {};
  const started: Promise<unknown>[] = [];
  return {
    startIfPrefetched(key, url, load) {
      if (!wasPrefetched(url)) return;
      const read: Read<unknown> = { promise: load() };
      read.promise.then((v) => (read.value = v), () => undefined); // a failure reaches the query that takes the promise
      reads[key] = read;
      started.push(read.promise);
    },
    takeData(key) {
      const read = reads[key];
      if (!read || read.value === undefined) return undefined;
      delete reads[key];
      return read.value as R[typeof key];
    },
    takePromise(key) {
      const read = reads[key];
      if (!read) return undefined;
      delete reads[key];
      return read.promise as Promise<R[typeof key]>;
    },
    async settled() {
      await Promise.allSettled(started);
    },
  };
}
