/**
 * The boundaries of docs/ARCHITECTURE.md ("The rules the linter enforces"), checked on every `npm run lint`.
 * Package paths are matched anywhere in the resolved path, `(^|/)node_modules/`: where node_modules is a
 * symlink (a git worktree sharing another checkout's), dependency-cruiser reports the real path, e.g.
 * ../main/node_modules/electron/index.js.
 */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'src/shared runs in every process: no Node built-ins, no Electron, no DOM-only packages.',
      severity: 'error',
      from: { path: '^src/shared' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-no-electron-or-process-code',
      severity: 'error',
      from: { path: '^src/shared' },
      to: {
        path: '((^|/)node_modules/(electron|react|react-dom|fastify|pino)/)|^src/(main|node|preload|renderer|sandbox)',
      },
    },
    {
      name: 'renderer-not-main-or-sandbox',
      comment: 'The renderer talks to main only through window.paydesk.',
      severity: 'error',
      from: { path: '^src/renderer' },
      to: {
        path: '^src/(main|node|sandbox|preload/index)|(^|/)node_modules/(electron|fastify|pino)/',
        dependencyTypes: ['local', 'npm', 'npm-dev', 'core', 'npm-no-pkg', 'npm-unknown'],
      },
    },
    {
      name: 'renderer-no-node-builtins',
      severity: 'error',
      from: { path: '^src/renderer' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'main-not-renderer',
      severity: 'error',
      from: { path: '^src/(main|node|sandbox|preload)' },
      to: { path: '^src/renderer' },
    },
    {
      name: 'node-below-the-processes',
      comment:
        'src/node is Node-only code shared by main and the sandbox (the signatures): it may use src/shared and Node, never a process of its own.',
      severity: 'error',
      from: { path: '^src/node' },
      to: { path: '^src/(main|preload|renderer|sandbox)' },
    },
    {
      name: 'sandbox-independent-of-app',
      comment:
        'The sandbox is the gateway side: it may share wire schemas (src/shared) and signing (src/node), nothing of the app.',
      severity: 'error',
      from: { path: '^src/sandbox' },
      to: { path: '^src/(main|preload)' },
    },
    {
      name: 'notify-independent-of-app',
      comment:
        'The notification service (src/notify) runs headless on a server: wire schemas (src/shared) and signing (src/node) only; nothing of the app, the sandbox or Electron.',
      severity: 'error',
      from: { path: '^src/notify' },
      to: { path: '^src/(main|preload|renderer|sandbox)|(^|/)node_modules/electron/' },
    },
    {
      name: 'electron-only-in-shell',
      comment:
        'Only the Electron host, src/main/electron, may import electron; its types may be used anywhere (the core never needs them).',
      severity: 'error',
      from: {
        path: '^src/(main|node|shared|sandbox)',
        pathNot: '^src/main/electron/',
      },
      to: { path: '(^|/)node_modules/electron/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'kyc-pipeline-one-way',
      comment:
        'The KYC pipeline runs one way, reading (bytes to a raw table), checking (a row to a verdict), worker: no stage imports a later one.',
      severity: 'error',
      from: { path: '^src/main/kyc/(reading|checking)/' },
      to: { path: '^src/main/kyc/(checking|worker)/', pathNot: '^src/main/kyc/$1/' },
    },
    {
      name: 'kyc-worker-code-not-main-side',
      comment:
        "The worker thread's code (reading, checking, worker) never imports the main-side KYC modules (batches, the service): its bundle stays small.",
      severity: 'error',
      from: { path: '^src/main/kyc/(reading|checking|worker)/' },
      to: { path: '^src/main/kyc/[^/]+\\.ts$', pathNot: '^src/main/kyc/limits\\.ts$' },
    },
    {
      name: 'boot-child-runs-unbundled',
      comment:
        'tests/boot/child runs in plain Node (type stripping, no bundler, no tsx): Node built-ins and its own files only.',
      severity: 'error',
      from: { path: '^tests/boot/child/' },
      to: { pathNot: '^tests/boot/child/|(^|/)node_modules/electron/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'boot-child-electron-types-only',
      comment: "There, 'electron' is the stand-in itself: only its types come from Electron.",
      severity: 'error',
      from: { path: '^tests/boot/child/' },
      to: { path: '(^|/)node_modules/electron/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.node.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^out' },
  },
};
