import { parseArgs } from 'node:util';

/** One option of a tool, for `parseArgs` and for its `--help`. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** What the option does, one line. */
  readonly help: string;
  /** The value's name in the usage (`N`, `URL`), for string options. */
  readonly value?: string;
  /** The value when the option is not given, as the tool reads it. */
  readonly default?: string;
}

/** A tool's command line: how it is run, what it does, and its options. */
export interface CommandSpec<O extends Readonly<Record<string, OptionSpec>>> {
  /** How the tool is run, e.g. `npm run seed -- [options]`. */
  readonly usage: string;
  /** What it does, a few lines. */
  readonly about: string;
  readonly options: O;
  /** The positional arguments it takes, for the usage (none when absent). */
  readonly positionals?: string;
  /** Lines after the options: environment, examples. */
  readonly notes?: string;
}

/** The values read: a string option given or defaulted is a string, a flag true or absent. */
export type CommandValues<O extends Readonly<Record<string, OptionSpec>>> = {
  readonly [K in keyof O]: O[K]['type'] extends 'boolean'
    ? boolean | undefined
    : O[K] extends { readonly default: string }
      ? string
      : string | undefined;
};

/** Where a tool's command line writes and how it stops (the process's, or a test's). */
export interface CommandIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly exit: (code: number) => never;
}

const PROCESS_IO: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  exit: (code) => process.exit(code),
};

/** The `--help` text of `spec`. */
export function helpText<O extends Readonly<Record<string, OptionSpec>>>(
  spec: CommandSpec<O>,
): string {
  const rows: [string, string][] = Object.entries(spec.options).map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : '    '}--${name}`;
    const value = option.type === 'string' ? ` ${option.value ?? 'VALUE'}` : '';
    const byDefault = option.default !== undefined ? ` (default: ${option.default})` : '';
    return [`${flag}${value}`, `${option.help}${byDefault}`];
  });
  rows.push(['-h, --help', 'Show this help and exit, running nothing.']);
  const width = Math.max(...rows.map(([left]) => left.length));
  const lines = [
    `Usage: ${spec.usage}${spec.positionals ? ` ${spec.positionals}` : ''}`,
    '',
    spec.about.trim(),
    '',
    'Options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
  ];
  if (spec.notes) lines.push('', spec.notes.trim());
  return `${lines.join('\n')}\n`;
}

/** Whether `argv` asks for help before any `--` (after it, words are the tool's data). */
function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** One line saying what is wrong with a command line, from `parseArgs`'s error. */
function problemOf(error: unknown): string {
  // Read as fields, not by `instanceof`: an error of another realm (a test's VM) is no `Error`.
  const { code, message: raw } = error as { code?: unknown; message?: unknown };
  const message = typeof raw === 'string' ? raw : String(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1];
    return `unknown option ${option ?? message}`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const argument = /'([^']+)'/.exec(message)?.[1];
    return `unexpected argument ${argument ?? message}`;
  }
  // The first sentence: parseArgs adds advice about `--` that does not apply here.
  return message.split(/\.\s/)[0]?.replace(/\.$/, '') ?? message;
}

/**
 * Reads a tool's command line (Node's `parseArgs`, strict): `--help` or `-h` prints the usage
 * and exits 0 having run nothing; an unknown option or a missing value prints one line naming
 * it and the usage on stderr and exits 2. Options not given take their defaults.
 */
export function readCommandLine<O extends Readonly<Record<string, OptionSpec>>>(
  spec: CommandSpec<O>,
  argv: readonly string[] = process.argv.slice(2),
  io: CommandIo = PROCESS_IO,
): { values: CommandValues<O>; positionals: string[] } {
  if (asksForHelp(argv)) {
    io.out(helpText(spec));
    return io.exit(0);
  }
  try {
    const options = Object.fromEntries(
      Object.entries(spec.options).map(([name, option]) => [
        name,
        {
          type: option.type,
          ...(option.short ? { short: option.short } : {}),
          ...(option.default !== undefined && option.type === 'string'
            ? { default: option.default }
            : {}),
        },
      ]),
    );
    const { values, positionals } = parseArgs({
      args: [...argv],
      options,
      strict: true,
      allowPositionals: spec.positionals !== undefined,
    });
    return { values: values as CommandValues<O>, positionals };
  } catch (error: unknown) {
    return usageError(spec, problemOf(error), io);
  }
}

/**
 * Stops a tool whose command line reads but says something it cannot do (a bad value): one
 * line, a pointer to `--help`, exit 2.
 */
export function usageError<O extends Readonly<Record<string, OptionSpec>>>(
  spec: CommandSpec<O>,
  problem: string,
  io: CommandIo = PROCESS_IO,
): never {
  io.err(`${problem}\nUsage: ${spec.usage} (--help for the options)\n`);
  return io.exit(2);
}
