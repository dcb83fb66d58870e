import pino from 'pino';
import { Housekeeping } from './housekeeping';

const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Housekeeping', () => {
  it('runs each task on its schedule once started, keeps going after a failure, and stops with stop()', async () => {
    const hk = new Housekeeping(silent);
    let runs = 0;
    let failing = 0;
    hk.add('count', 40, async () => void runs++);
    hk.add('fails', 40, async () => {
      failing++;
      throw new Error('database away');
    });
    await sleep(100);
    expect(runs).toBe(0);
    hk.start();
    await sleep(300);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(failing).toBeGreaterThanOrEqual(3);
    await hk.stop();
    const after = runs;
    await sleep(150);
    expect(runs).toBe(after);
  });

  it('runNow runs a task by name and reports what it removed', async () => {
    const hk = new Housekeeping(silent);
    hk.add('rows', 60_000, async () => 7);
    expect(await hk.runNow('rows')).toEqual({ rows: 7 });
    expect(await hk.runNow('other')).toEqual({});
  });
});
