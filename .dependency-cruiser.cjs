/**
 * The boundaries of docs/ARCHITECTURE.md ("The rules the linter enforces"), checked on every `npm run lint`.
 * Package paths are matched anywhere in the resolved path, `(^|/)node_modules/`: where node_modules is a
 * symlink (a git worktree sharing another checkout's), dependency-cruiser reports the real path, e.g.
 * ../main/node_modules/electron/index.js.
 */
/** A rule of this config: every one is an error. */
const rule = (name, comment, from, to) => ({
  name,
  ...(comment && { comment }),
  severity: 'error',
  from,
  to,
});

/** A folder of src that must not import these others: one rule each, so a report names the boundary. */
const apart = (name, from, to, comment) => rule(name, comment, { path: `^src/${from}` }, { path: to });

const processApart = [
  apart('main-not-renderer', '(main|node|sandbox|preload)', '^src/renderer'),
  apart(
    'node-below-the-processes',
    'node',
    '^src/(main|preload|renderer|sandbox)',
    'src/node is Node-only code shared by main and the sandbox (the signatures): it may use src/shared and Node, never a process of its own.',
  ),
  apart(
    'sandbox-independent-of-app',
    'sandbox',
    '^src/(main|preload)',
    'The sandbox is the gateway side: it may share wire schemas (src/shared) and signing (src/node), nothing of the app.',
  ),
  apart(
    'notify-independent-of-app',
    'notify',
    '^src/(main|preload|renderer|sandbox)|(^|/)node_modules/electron/',
    'The notification service (src/notify) runs headless on a server: wire schemas (src/shared) and signing (src/node) only; nothing of the app, the sandbox or Electron.',
  ),
];

/**
 * The renderer's features stand apart: a feature imports its own files, lib/ and src/shared, and nothing of
 * another feature or of the shell. What two features share (the settings and the active profile, the
 * receipt, the team's parts, the ask-again panel, a request to another page) is in lib/; the shell is on
 * top: it imports the features and preloads their lazy parts, and nothing imports it but the app's root.
 * A feature may be given an edge here, one-way, only where lib/ cannot hold the thing.
 */
const FEATURE_MAY_IMPORT = {
  payin: [],
  history: [],
  kyc: [],
  settings: [],
  lock: [],
};

const RENDERER = '^src/renderer/src/';
const exactly = (file) => `${RENDERER}${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
const featureRule = (from, allowed) =>
  rule(
    'renderer-features-apart',
    'A feature imports its own files, lib/ and src/shared; of another feature or the shell, only what FEATURE_MAY_IMPORT names.',
    from,
    { path: `${RENDERER}(features|shell)/`, pathNot: [`${RENDERER}features/$1/`, ...allowed.map(exactly)] },
  );
const listed = Object.keys(FEATURE_MAY_IMPORT).join('|');
const rendererFeaturesApart = [
  ...Object.entries(FEATURE_MAY_IMPORT).map(([feature, allowed]) =>
    featureRule({ path: `${RENDERER}features/(${feature})/` }, allowed),
  ),
  featureRule({ path: `${RENDERER}features/([^/]+)/`, pathNot: `${RENDERER}features/(${listed})/` }, []),
  apart(
    'renderer-lib-below-features',
    'renderer/src/lib/',
    `${RENDERER}(features|shell)/`,
    "lib/ is what the features share: it imports no feature and nothing of the shell's.",
  ),
];

module.exports = {
  forbidden: [
    rule(
      'shared-is-pure',
      'src/shared runs in every process: no Node built-ins, no Electron, no DOM-only packages.',
      { path: '^src/shared' },
      { dependencyTypes: ['core'] },
    ),
    apart(
      'shared-no-electron-or-process-code',
      'shared',
      '((^|/)node_modules/(electron|react|react-dom|fastify|pino)/)|^src/(main|node|preload|renderer|sandbox)',
    ),
    rule(
      'renderer-not-main-or-sandbox',
      'The renderer talks to main only through window.paydesk.',
      { path: '^src/renderer' },
      {
        path: '^src/(main|node|sandbox|preload/index)|(^|/)node_modules/(electron|fastify|pino)/',
        dependencyTypes: ['local', 'npm', 'npm-dev', 'core', 'npm-no-pkg', 'npm-unknown'],
      },
    ),
    rule('renderer-no-node-builtins', undefined, { path: '^src/renderer' }, { dependencyTypes: ['core'] }),
    ...processApart,
    rule(
      'electron-only-in-shell',
      'Only the Electron host, src/main/electron, may import electron; its types may be used anywhere (the core never needs them).',
      { path: '^src/(main|node|shared|sandbox)', pathNot: '^src/main/electron/' },
      { path: '(^|/)node_modules/electron/', dependencyTypesNot: ['type-only'] },
    ),
    rule(
      'kyc-pipeline-one-way',
      'The KYC pipeline runs one way, reading (bytes to a raw table), checking (a row to a verdict), worker: no stage imports a later one.',
      { path: '^src/main/kyc/(reading|checking)/' },
      { path: '^src/main/kyc/(checking|worker)/', pathNot: '^src/main/kyc/$1/' },
    ),
    rule(
      'kyc-worker-code-not-main-side',
      "The worker thread's code (reading, checking, worker) never imports the main-side KYC modules (batches, the service): its bundle stays small.",
      { path: '^src/main/kyc/(reading|checking|worker)/' },
      { path: '^src/main/kyc/[^/]+\\.ts$', pathNot: '^src/main/kyc/limits\\.ts$' },
    ),
    rule(
      'boot-child-runs-unbundled',
      'tests/boot/child runs in plain Node (type stripping, no bundler, no tsx): Node built-ins and its own files only.',
      { path: '^tests/boot/child/' },
      { pathNot: '^tests/boot/child/|(^|/)node_modules/electron/', dependencyTypesNot: ['core'] },
    ),
    rule(
      'boot-child-electron-types-only',
      "There, 'electron' is the stand-in itself: only its types come from Electron.",
      { path: '^tests/boot/child/' },
      { path: '(^|/)node_modules/electron/', dependencyTypesNot: ['type-only'] },
    ),
    ...rendererFeaturesApart,
    rule('no-circular', undefined, {}, { circular: true }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.node.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^out' },
  },
};
