// First: on an unsupported Node, one line and exit 1 before a native module loads.
import '../../../common/runtime/supported-node';
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readCommandLine } from '../../../common/cli/command-line';
import { loadConfig } from '../../../config/load-config';
import { engineAddress, SearchEngine } from './search-engine';
import { sphinxConfig } from './sphinx-index';

/**
 * The search engine's two tasks (README "Search engine"):
 *
 *   node dist/events/search/engine/search-command.js config --dir DIR   (npm run search:config)
 *     writes DIR/sphinx.conf for `searchd --config DIR/sphinx.conf`, serving the index that
 *     SEARCH_ENGINE_URL names, on its port;
 *   node dist/events/search/engine/search-command.js rebuild            (npm run search:rebuild)
 *     builds the index again from every event (the service does it by itself when the change
 *     log cannot tell what changed), then exits: 0 when done, 1 otherwise.
 */
const { values, positionals } = readCommandLine({
  usage: 'npm run search:config -- --dir DIR [options], or npm run search:rebuild',
  // The task (config or rebuild), which each npm script names itself: not in the usage.
  positionals: '',
  about:
    'config: writes a Sphinx searchd configuration for the events index to DIR/sphinx.conf.\n' +
    'rebuild: builds the index again from every event of the database.',
  options: {
    dir: { type: 'string', value: 'DIR', help: 'config: the folder searchd keeps its files in' },
    host: {
      type: 'string',
      value: 'ADDRESS',
      help: 'config: the address searchd listens on',
      default: '127.0.0.1',
    },
    'memory-limit': {
      type: 'string',
      value: 'SIZE',
      help: 'config: what the index keeps in memory before a disk chunk (rt_mem_limit)',
      default: '256M',
    },
  },
  notes:
    'Environment: SEARCH_ENGINE_URL (sphinx://host:9306/index) and, for rebuild, DATABASE_URL.',
});

async function main(): Promise<void> {
  const [task] = positionals;
  if (task === 'config') {
    // The engine's address alone: no database is needed to write its configuration.
    const url = process.env['SEARCH_ENGINE_URL'] || 'sphinx://127.0.0.1:9306/events';
    if (!values.dir) throw new Error('config needs --dir DIR');
    const dir = resolve(values.dir);
    mkdirSync(dir, { recursive: true });
    const { port, index } = engineAddress(url);
    const file = `${dir}/sphinx.conf`;
    writeFileSync(
      file,
      sphinxConfig({ dir, host: values.host, port, index, memoryLimit: values['memory-limit'] }),
    );
    process.stdout.write(`${file}\n`);
    return;
  }
  if (task === 'rebuild') {
    const engine = new SearchEngine(loadConfig());
    try {
      await engine.rebuild();
    } finally {
      await engine.onApplicationShutdown();
    }
    return;
  }
  throw new Error('Name a task: config or rebuild');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
