import { formatDuration, formatReport, ProgressDisplay } from './progress-display';
import { ImportReport } from './import-report';

const stage = (created: number, failed = 0): ImportReport['stages']['events'] => ({
  created,
  updated: 0,
  skipped: 0,
  failed,
  pruned: 0,
  keptIds: created,
  newIds: 0,
  failures: failed > 0 ? { 'rest_invalid_param: Invalid parameter(s): website': failed } : {},
  notes: {},
});

describe('the import progress display', () => {
  it('writes plain lines with the rate and the time left when not on a terminal', () => {
    const lines: string[] = [];
    let clock = 0;
    const sut = new ProgressDisplay(
      { write: (text) => lines.push(text), isTTY: false },
      () => clock,
      1_000,
    );

    sut.stage('events', 100, 0);
    clock = 2_000;
    for (let item = 0; item < 50; item += 1) sut.item('events', 'created');
    sut.finishLine();

    expect(lines).toContain('events: 1/100 (0.5/s, about 3 min 18 s left)\n');
    expect(lines.at(-1)).toBe('events: 50/100 (25/s, about 2 s left)\n');
  });

  it('redraws one line with a bar on a terminal', () => {
    let output = '';
    const sut = new ProgressDisplay(
      { write: (text) => (output += text), isTTY: true, columns: 100 },
      () => 0,
    );

    sut.stage('venues', 4, 0);
    sut.item('venues', 'created');
    sut.item('venues', 'created');
    sut.item('venues', 'skipped');
    sut.item('venues', 'failed');

    expect(output).toContain('\rvenues     [########################] 4/4');
  });

  it('formats durations and the final report with its failure reasons', () => {
    expect(formatDuration(5)).toBe('5 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(formatDuration(3_725)).toBe('1 h 02 min');
    const report: ImportReport = {
      source: 'https://site.example/wp-json',
      dryRun: false,
      resumed: true,
      seconds: 12,
      stages: {
        categories: stage(10),
        tags: stage(10),
        venues: stage(50),
        organizers: stage(20),
        events: stage(998, 2),
      },
    };

    expect(formatReport(report)).toContain(
      'Imported from https://site.example/wp-json (continuing an earlier run) in 12 s',
    );
    expect(formatReport(report)).toContain(
      'events          998        0        0       2         998/0',
    );
    expect(formatReport(report)).toContain(
      'events failed ×2: rest_invalid_param: Invalid parameter(s): website',
    );
  });
});
