import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from '../../src/paths';
import type { Tally } from './fault-client';

export interface FaultFigure {
  fault: string;
  /** Seconds from the fault until the gateway answered the part's route again (or every service was ready). */
  recoverySeconds: number;
  /** What the clients met while it lasted. */
  unavailable: number;
  refused: number;
  cut: number;
}

export interface FaultReport {
  writes: number;
  requests: number;
  unavailable: number;
  refused: number;
  cut: number;
  failures: string[];
  events: number;
  republished: number;
  duplicatesSuppressed: number;
  duplicatesExpected: number;
  faults: FaultFigure[];
  seconds: number;
}

/** Runs `inject` and notes what the clients met meanwhile, beside its recovery time. */
export async function measured(figures: FaultFigure[], tally: Tally, fault: string, inject: () => Promise<number>): Promise<void> {
  const before = { unavailable: tally.unavailable, refused: tally.refused, cut: tally.cut };
  const recoverySeconds = await inject();
  figures.push({ fault, recoverySeconds, unavailable: tally.unavailable - before.unavailable, refused: tally.refused - before.refused, cut: tally.cut - before.cut });
}

/** The figures as a table on the console and as JSON in .data/faults-report.json. */
export function printReport(report: FaultReport): string {
  const rows: [string, string][] = [
    ['writes acknowledged', String(report.writes)],
    ['requests (every attempt)', String(report.requests)],
    ['503 answers (JSON message)', String(report.unavailable)],
    ['connections refused', String(report.refused)],
    ['requests cut by the gateway kill', String(report.cut)],
    ['other answers (failures)', String(report.failures.length)],
    ['events in the domain streams', String(report.events)],
    ['events published again without Nats-Msg-Id', String(report.republished)],
    ['duplicates suppressed by inboxes', `${report.duplicatesSuppressed} (at least ${report.duplicatesExpected} expected)`],
    ...report.faults.map((f): [string, string] => [`recovery: ${f.fault}`, `${f.recoverySeconds.toFixed(1)} s (503 ${f.unavailable}, refused ${f.refused}, cut ${f.cut})`]),
    ['suite run', `${report.seconds.toFixed(0)} s`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const text = ['Faults: figures', ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`)].join('\n');
  fs.mkdirSync(DEFAULT_DATA_DIR, { recursive: true });
  fs.writeFileSync(path.join(DEFAULT_DATA_DIR, 'faults-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  return text;
}
