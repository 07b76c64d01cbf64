import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { AppConfig } from '../../src/config/app-config';

const ROOT = resolve(__dirname, '../..');

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set(
    text
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ''))),
  );
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The README and every document of docs/, by their path from the root. */
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('documents the code cites', () => {
  const anchors = new Map(DOCUMENTS.map((document) => [document, anchorsOf(document)]));

  it('has every section a source comment names (docs/*.md#section, README.md#section)', () => {
    const missing: string[] = [];
    let cited = 0;
    for (const file of [...sourceFiles('src'), ...sourceFiles('scripts')]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(README\.md|docs\/[a-z-]+\.md)#([a-z0-9-]+)/g)) {
        cited += 1;
        const [, document = '', anchor = ''] = match;
        if (!anchors.get(document)?.has(anchor)) missing.push(`${file}: ${document}#${anchor}`);
      }
    }
    expect(cited).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('has every file and section a link of the README and docs/ points to', () => {
    const broken: string[] = [];
    for (const document of DOCUMENTS) {
      const text = readFileSync(join(ROOT, document), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const match of text.matchAll(/\]\((?!https?:|mailto:)([^)\s#]*)(?:#([^)\s]+))?\)/g)) {
        const [link = '', path = '', anchor] = match;
        const target =
          path === '' ? document : relative(ROOT, resolve(ROOT, dirname(document), path));
        if (!existsSync(join(ROOT, target))) broken.push(`${document}: ${link}`);
        else if (anchor !== undefined && !(anchors.get(target)?.has(anchor) ?? false)) {
          broken.push(`${document}: ${link}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("names every top folder of src/ in the README's layout, and none that is gone", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const layout = /## Layout\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const named = new Set([...layout.matchAll(/src\/([a-z-]+)\//g)].map((match) => match[1]));
    const folders = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);

    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
    expect([...named].filter((name) => name !== undefined && !folders.includes(name))).toEqual([]);
  });

  it("lists every setting the service validates in the README's configuration table, and no other", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = /## Configuration\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    const listed = [...section.matchAll(/^\| `([A-Z0-9_*]+)` \|/gm)].map((match) => match[1]);
    const settings = Object.keys(new AppConfig());

    expect(settings.filter((setting) => !listed.includes(setting))).toEqual([]);
    // OTEL_* are OpenTelemetry's own variables, read by its SDK (docs/deployment.md#traces).
    expect(listed.filter((name) => name !== 'OTEL_*' && !settings.includes(name ?? ''))).toEqual(
      [],
    );
  });

  it('cites no document the project does not hold (the old contract and TEC section marks)', () => {
    const stale = [...sourceFiles('src'), ...sourceFiles('scripts')].filter((file) =>
      /\b(?:TEC|contract|interface) §\d/.test(readFileSync(file, 'utf8')),
    );
    expect(stale).toEqual([]);
  });
});
