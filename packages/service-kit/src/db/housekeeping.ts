import type { Logger } from 'pino';

export interface HousekeepingTask {
  name: string;
  everyMs: number;
  /** Returns how many rows it removed (logged when any). */
  run(): Promise<number | void>;
}

/**
 * Scheduled clean-up of a service's tables (old inbox rows, expired sessions…). Every replica runs it:
 * each task is an idempotent, bounded DELETE, so two replicas at once only share the work. The first run
 * comes soon after start, jittered so replicas started together do not all run at once.
 */
export class Housekeeping {
  private readonly tasks: HousekeepingTask[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private started = false;

  constructor(private readonly logger: Logger) {}

  add(name: string, everyMs: number, run: HousekeepingTask['run']): void {
    const task = { name, everyMs, run };
    this.tasks.push(task);
    if (this.started) this.schedule(task, this.firstDelay(task));
  }

  start(): void {
    this.started = true;
    for (const task of this.tasks) this.schedule(task, this.firstDelay(task));
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  /** Runs one task now (or all); returns what each removed. For tests and operators. */
  async runNow(name?: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const task of this.tasks.filter((t) => !name || t.name === name)) out[task.name] = await this.runTask(task);
    return out;
  }

  private firstDelay(task: HousekeepingTask) {
    return Math.round(Math.min(60_000, task.everyMs / 10) * (0.5 + Math.random()));
  }

  private schedule(task: HousekeepingTask, ms: number) {
    const timer = setTimeout(() => {
      const p = this.runTask(task).finally(() => {
        this.running.delete(p);
        if (this.started) this.schedule(task, task.everyMs);
      });
      this.running.add(p);
    }, ms);
    timer.unref();
    this.timers.set(task.name, timer);
  }

  private async runTask(task: HousekeepingTask): Promise<number> {
    try {
      const removed = Number((await task.run()) ?? 0);
      if (removed > 0) this.logger.info({ task: task.name, removed }, 'housekeeping');
      return removed;
    } catch (err) {
      this.logger.warn({ err, task: task.name }, 'housekeeping task failed; will try again next time');
      return 0;
    }
  }
}
