// npm run bench:i18n [-- --base REF | --switches N]: the figures behind the choice of Lingui (docs/ARCHITECTURE.md,
// "Languages"), against today's build and against FormatJS's react-intl:
//   first page  the renderer built from this tree and from REF (default: the commit before languages), the
//               JavaScript index.html loads at once (its entry and modulepreloads): the largest file, all of
//               them, and the catalogue chunk loaded before the first paint (goal: largest ≤ 500 kB)
//   runtime     each library as a first page would carry it (minified, React external), bytes and gzip
//   switch      English ↔ German over a page of the app's own messages, and over one 20 times that size
//               (about the whole renderer's), rendered by React: median and p95 per switch
// Prints the figures, the ratios, then BENCH_RESULT. No test asserts any of them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readCatalog } from '../scripts/i18n/catalog-files';
import { packageBin } from '../scripts/package-bin';
import { buildApp, PROJECT_ROOT } from '../tests/support/boot/build';
import { grown, LIBRARIES, runtimeWeight } from './support/i18n-libraries';
import { switchTimes } from './support/i18n-switch.mjs';
import { median, ms, percentile, printBenchResult, printTable, ratioText } from './support/report';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'cd6c03f' },
    switches: { type: 'string', default: '200' },
  },
});
const SWITCHES = Number(values.switches);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

interface FirstPage {
  largest: { file: string; bytes: number };
  total: number;
  files: number;
  catalog: number | undefined;
}

/** What index.html loads before anything runs: its module script and the modules it preloads. */
function firstPage(rendererDir: string): FirstPage {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const sizes = files.map((file) => ({ file, bytes: statSync(join(rendererDir, file)).size }));
  const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const english = readdirSync(join(rendererDir, 'assets')).find((name) => /^en-[\w-]+\.js$/.test(name));
  return {
    largest,
    total: sizes.reduce((sum, entry) => sum + entry.bytes, 0),
    files: files.length,
    catalog: english ? statSync(join(rendererDir, 'assets', english)).size : undefined,
  };
}

/** The renderer of `ref`, built from its files (git archive) with this tree's node_modules. */
function buildRef(ref: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-bench-i18n-'));
  const archive = execFileSync('git', ['archive', ref], { cwd: PROJECT_ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(folder, 'node_modules'));
  const out = join(folder, 'out');
  const build = spawnSync(
    process.execPath,
    [packageBin(PROJECT_ROOT, 'electron-vite'), 'build', '--outDir', out],
    {
      cwd: folder,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`building ${ref} failed:\n${build.stdout}\n${build.stderr}`);
  return folder;
}

console.log(`bench:i18n — this tree against ${values.base}, ${SWITCHES} switches`);
const now = firstPage(buildApp('out-bench-i18n').rendererDir);
const baseFolder = buildRef(values.base!);
const before = firstPage(join(baseFolder, 'out', 'renderer'));
rmSync(baseFolder, { recursive: true, force: true });

printTable(
  ['first page', 'largest JS file', 'all JS at once', 'files', 'English catalogue (before first paint)'],
  [
    [
      'this tree',
      `${kB(now.largest.bytes)} (${now.largest.file})`,
      kB(now.total),
      String(now.files),
      now.catalog ? kB(now.catalog) : '—',
    ],
    [
      `today's build (${values.base})`,
      `${kB(before.largest.bytes)} (${before.largest.file})`,
      kB(before.total),
      String(before.files),
      '—',
    ],
  ],
);
const largestRatio = now.largest.bytes / before.largest.bytes;
console.log(
  `largest file: ${ratioText(largestRatio)} today's; all at once: ${ratioText(now.total / before.total)}\n`,
);

const weights = Object.fromEntries(
  await Promise.all(
    LIBRARIES.map(
      async (library) =>
        [library, await runtimeWeight(library, join(PROJECT_ROOT, 'out-bench-i18n', 'entries'))] as const,
    ),
  ),
);
const en = readCatalog('en');
const de = readCatalog('de');
const rows: string[][] = [];
const switchMedian: Record<string, number> = {};
for (const [label, sourceCatalog, german] of [
  [`${Object.keys(en).length} messages`, en, de],
  [`${Object.keys(en).length * 20} messages`, grown(en, 20), grown(de, 20)],
] as const) {
  for (const library of LIBRARIES) {
    switchTimes(library, sourceCatalog, german, 20); // warm-up
    const times = switchTimes(library, sourceCatalog, german, SWITCHES).sort((a, b) => a - b);
    switchMedian[`${library} ${label}`] = median(times);
    rows.push([library, label, ms(median(times), 2), ms(percentile(times, 95), 2)]);
  }
}
printTable(
  ['runtime', 'minified', 'gzip'],
  LIBRARIES.map((library) => [library, kB(weights[library]!.bytes), kB(weights[library]!.gzip)]),
);
console.log('');
printTable(['switch en ↔ de + render', 'page', 'median', 'p95'], rows);
const big = `${Object.keys(en).length * 20} messages`;
const switchRatio = switchMedian[`lingui ${big}`]! / switchMedian[`react-intl ${big}`]!;
console.log(
  `\nLingui's runtime: ${ratioText(weights.lingui!.bytes / weights['react-intl']!.bytes)} react-intl's; its switch (${big}): ${ratioText(switchRatio)} react-intl's`,
);

printBenchResult({
  bench: 'i18n',
  title: 'Languages: the first page with Lingui and its catalogue',
  command: 'npm run bench:i18n',
  figure: `largest first-page JS file ${kB(now.largest.bytes)}; catalogue ${now.catalog ? kB(now.catalog) : '—'}; Lingui runtime ${kB(weights.lingui!.bytes)}`,
  peer: `today's build ${kB(before.largest.bytes)}; react-intl runtime ${kB(weights['react-intl']!.bytes)}`,
  ratio: ratioText(largestRatio),
  goal: 'largest first-page JS file ≤ 500 kB',
  met: now.largest.bytes <= 500_000,
  quick: false,
  values: {
    largestBytes: now.largest.bytes,
    baseLargestBytes: before.largest.bytes,
    linguiRuntimeBytes: weights.lingui!.bytes,
    reactIntlRuntimeBytes: weights['react-intl']!.bytes,
    switchRatio,
  },
});
