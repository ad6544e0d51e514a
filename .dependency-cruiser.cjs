// The project's one-way boundaries (ARCHITECTURE.md), checked by `npm test` (`npm run deps`).
// Type-only and dynamic imports count: a cycle is fixed by moving code, not by a setting.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycles anywhere.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-to-feature',
      comment:
        'A web feature never imports another feature: compose in app/, or move what both need to shared/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-is-a-leaf',
      comment: 'Web shared/ imports neither features/ nor app/.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-feature-to-app',
      comment: 'Features import nothing from app/ outside tests.',
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-admin-apart',
      comment:
        'The operator console (src/admin, its own entry) builds on shared/ only: nothing from the customer app/ or features/.',
      severity: 'error',
      from: { path: '^apps/web/src/admin/' },
      to: { path: '^apps/web/src/(app|features)/' },
    },
    {
      name: 'web-nothing-imports-admin',
      comment:
        'Nothing outside src/admin imports the operator console, so it never lands in the customer chunks.',
      severity: 'error',
      from: { path: '^apps/web/', pathNot: '^apps/web/src/admin/' },
      to: { path: '^apps/web/src/admin/' },
    },
    {
      name: 'server-platform-to-modules',
      comment: 'The server platform knows no feature module; app.ts wires them.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-module-internals',
      comment:
        "A module's services and routes reach another module only through its index.ts; a *.schema.ts may name another module's table for a foreign key; tests set up what they need.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.(schema|test)\\.ts$' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'contract-is-a-leaf',
      comment: 'The contract imports nothing from the apps.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'gateway-apart-from-server',
      comment: 'The gateway talks to the server through the node API only.',
      severity: 'error',
      from: { path: '^apps/gateway/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
    combinedDependencies: false,
  },
}
