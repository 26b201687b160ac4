// The architecture's rules (docs/architecture.md), checked in `npm test` by
// apps/server/src/architecture.test.ts, which also forbids cycles between whole areas.
const tests = '(\\.test|\\.test-kit|\\.e2e)\\.tsx?$|/test/|test-setup\\.ts$';
const server = '^apps/server/src/';
const web = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-area-door',
      comment:
        'An area is a room with one door: another area imports only modules/<area>/index.ts. ' +
        'Tables of another area are read through db/schema.ts in a repository.',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/`, pathNot: [tests, '\\.schema\\.ts$'] },
      to: {
        path: `${server}modules/`,
        pathNot: [`${server}modules/$1/`, `${server}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-shell-door',
      comment: 'app.ts, main.ts and http/ take an area through its index too (db/ and seeds may read its tables).',
      severity: 'error',
      from: { path: server, pathNot: [tests, `${server}(modules|db|seed)/`] },
      to: { path: `${server}modules/`, pathNot: [`${server}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'schema-imports-schema',
      comment: 'A table definition refers to other areas only by their table definitions (foreign keys).',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/[^/]+\\.schema\\.ts$` },
      to: { path: `${server}modules/`, pathNot: ['\\.schema\\.ts$', `${server}modules/$1/`] },
    },
    {
      name: 'sql-only-in-repositories',
      comment: 'Statements are written only in repositories and db/ (STYLE.md point 9).',
      severity: 'error',
      from: {
        path: server,
        pathNot: [tests, `${server}(db|seed)/`, '\\.repository\\.ts$', '\\.schema\\.ts$'],
      },
      to: { path: 'node_modules/(drizzle-orm|pg|@electric-sql/pglite)/' },
    },
    {
      name: 'services-without-fastify',
      comment: 'Services hold rules; the transport (request, reply) stays in routes and http/.',
      severity: 'error',
      from: { path: '\\.(service|repository)\\.ts$' },
      to: { path: 'node_modules/(fastify|@fastify)/' },
    },
    {
      name: 'web-feature-door',
      comment: 'A web feature imports another feature only through features/<x>/index.ts.',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/`, pathNot: [tests] },
      to: {
        path: `${web}features/([^/]+)/`,
        pathNot: [`${web}features/$1/`, `${web}features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-app-door',
      comment: 'The shell (app/) takes a feature through its index too.',
      severity: 'error',
      from: { path: `${web}app/`, pathNot: [tests] },
      to: { path: `${web}features/[^/]+/`, pathNot: [`${web}features/[^/]+/index\\.tsx?$`] },
    },
    {
      name: 'web-shared-below-features',
      comment: 'The shared kit is below the features: it never imports one.',
      severity: 'error',
      from: { path: `${web}shared/`, pathNot: [tests] },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'contract-is-a-leaf',
      comment: 'The contract imports nothing of the server or the web.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-circular',
      comment: 'No file imports itself through others.',
      severity: 'error',
      from: { pathNot: [tests] },
      to: { circular: true, viaOnly: { pathNot: [tests] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|drizzle)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
