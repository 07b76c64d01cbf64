import { CommandIo, helpText, readCommandLine, usageError } from './command-line';

const SPEC = {
  usage: 'npm run tool --',
  about: 'Does one thing.',
  options: {
    events: { type: 'string', short: 'n', value: 'N', help: 'How many events.', default: '10' },
    url: { type: 'string', value: 'URL', help: 'Where.' },
    quiet: { type: 'boolean', help: 'Say less.' },
  },
} as const;

class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function capture(): { io: CommandIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      exit: (code) => {
        throw new Exit(code);
      },
    },
  };
}

function exitCode(run: () => unknown): number {
  try {
    run();
  } catch (error) {
    if (error instanceof Exit) return error.code;
    throw error;
  }
  return -1;
}

describe('readCommandLine', () => {
  it('reads options with their defaults', () => {
    const { io } = capture();
    const { values } = readCommandLine(SPEC, ['--url', 'http://x', '--quiet'], io);
    expect(values).toEqual({ events: '10', url: 'http://x', quiet: true });
    expect(readCommandLine(SPEC, ['-n', '5'], io).values.events).toBe('5');
  });

  it('answers --help and -h with the usage on stdout, exit 0, wherever they are', () => {
    for (const argv of [['--help'], ['-h'], ['--events', '5', '--help'], ['--nope', '-h']]) {
      const { io, out, err } = capture();
      expect(exitCode(() => readCommandLine(SPEC, argv, io))).toBe(0);
      expect(out.join('')).toBe(helpText(SPEC));
      expect(err).toEqual([]);
    }
    expect(helpText(SPEC)).toContain('-n, --events N');
    expect(helpText(SPEC)).toContain('How many events. (default: 10)');
    expect(helpText(SPEC)).toContain('-h, --help');
  });

  it('refuses an unknown option, a missing value and a stray argument in one line, exit 2', () => {
    const cases: [string[], string][] = [
      [['--nope'], 'unknown option --nope'],
      [['--url'], "Option '--url <value>' argument missing"],
      [['extra'], 'unexpected argument extra'],
    ];
    for (const [argv, line] of cases) {
      const { io, out, err } = capture();
      expect(exitCode(() => readCommandLine(SPEC, argv, io))).toBe(2);
      expect(out).toEqual([]);
      const [first, second] = err.join('').trimEnd().split('\n');
      expect(first).toBe(line);
      expect(second).toBe('Usage: npm run tool -- (--help for the options)');
    }
  });

  it('stops on a bad value with one line and exit 2', () => {
    const { io, err } = capture();
    expect(exitCode(() => usageError(SPEC, '--events must be a whole number', io))).toBe(2);
    expect(err.join('')).toMatch(/^--events must be a whole number\nUsage: /);
  });
});
