/**
 * The plain rendering of the lab's event stream (no TTY, or --plain): each
 * step on its own line as it finishes, then one line per mode and the
 * verdict, like the Lab sketch in the mockups.
 */
import { describeModes, modeColumnWidth, outcomeWords, summaryLine } from './evidence/describe.js';
import type { LabEvent, LabResult, LabStepId } from './types.js';

export interface PlainPrinterOptions {
  ascii: boolean;
  write: (line: string) => void;
}

/** Steps that take long enough to announce when they start, not only when they are done. */
const SLOW_STEPS = new Set<LabStepId>(['wait-expiry', 'etcd', 'server', 'kill-sink', 'election', 'snapshot', 'restore']);

export function plainPrinter(opts: PlainPrinterOptions): (event: LabEvent) => void {
  const ok = opts.ascii ? '[ok]' : '✓';
  return (event) => {
    switch (event.type) {
      case 'step':
        if (event.status === 'done') opts.write(` ${ok} ${event.text}`);
        else if (SLOW_STEPS.has(event.id)) {
          opts.write(` ${opts.ascii ? '..' : '…'} ${event.text}`);
        }
        break;
      case 'note':
        opts.write(`   ${event.text}`);
        break;
      case 'verdict':
        for (const line of verdictLines(event.result, opts.ascii)) opts.write(line);
        break;
      default:
        break;
    }
  };
}

export function verdictLines(result: LabResult, ascii: boolean): string[] {
  const lines = [''];
  const width = modeColumnWidth(result);
  for (const m of describeModes(result)) {
    lines.push(` ${m.mode.padEnd(width)} ${m.value.padEnd(10)} ${outcomeWords(m)} ${m.text}`);
  }
  lines.push('');
  if (result.verdict === 'expected') {
    lines.push(
      result.failover || result.ensembleFailover || result.restore
        ? ` verdict: expected (${summaryLine(result, ascii)})`
        : ` verdict: expected (${result.durationMs} ms; the lock was seen gone ${result.observedExpiryWaitMs} ms after A's grant, TTL ${result.ttlMs} ms)`,
    );
  } else {
    lines.push(' verdict: UNEXPECTED');
    for (const c of result.checks.filter((x) => !x.ok)) lines.push(`   not so: ${c.text}`);
  }
  return lines;
}

export function evidenceLine(result: LabResult, ascii = false): string {
  const dot = ascii ? ',' : ' ·';
  // timeline.html: the run as a picture, for a browser (timeline-picture.ts).
  const db = result.sink.postgres ? '' : `${dot} sink.sqlite`;
  return ` evidence: run.json${dot} report.txt${dot} timeline.txt${dot} timeline.html${db} in ${result.outDir}`;
}
