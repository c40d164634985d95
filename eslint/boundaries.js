// The architecture's import boundaries as one ESLint rule (docs/architecture.md, "Boundaries").
// Each import is resolved to a file of the repository (a relative path, or an `@atrium/*`
// workspace package) and checked against the layer rules below.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** `@atrium/name` → the workspace folder, read once from the root package.json. */
const WORKSPACES = new Map(
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces.map((dir) => [
    JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')).name,
    dir,
  ]),
);

/** Repository-relative POSIX path of an import, or null for an outside package. */
function targetOf(fromFile, source) {
  if (source.startsWith('.')) return toRepo(resolve(dirname(fromFile), source));
  const match = /^(@atrium\/[^/]+)(?:\/(.*))?$/.exec(source);
  if (!match) return null;
  const dir = WORKSPACES.get(match[1]);
  if (!dir) return null;
  return match[2] ? `${dir}/src/${match[2]}` : dir;
}

const toRepo = (absolute) => relative(ROOT, absolute).split(sep).join('/');

const isTest = (path) => /\.(test|testing)\.tsx?$/.test(path) || /^apps\/[^/]+\/test\//.test(path);

/** `modules/X` of a server file, `features/X` of a console file, else null. */
function area(path, prefix) {
  if (!path.startsWith(prefix)) return null;
  return path.slice(prefix.length).split('/')[0] ?? null;
}

const SERVER_MODULES = 'apps/server/src/modules/';
const WEB = 'apps/web/src/';

/** The broken rule for one import, or null. */
function violation(file, target, typeOnly) {
  const fromApp = /^apps\/([^/]+)\//.exec(file)?.[1];
  const toApp = /^apps\/([^/]+)(\/|$)/.exec(target)?.[1];
  if (toApp && file.startsWith('packages/')) return 'packagesImportApps';
  if (toApp && fromApp && toApp !== fromApp) return 'appsImportApps';
  if (isTest(file)) return null;

  const fromModule = area(file, SERVER_MODULES);
  const toModule = area(target, SERVER_MODULES);
  if (toModule && !typeOnly) {
    if (fromModule && fromModule !== toModule) return 'modulesImportModules';
    if (/^apps\/server\/src\/(lib|db|plugins)\//.test(file)) return 'sharedImportsModules';
  }

  const fromFeature = area(file, `${WEB}features/`);
  const toFeature = area(target, `${WEB}features/`);
  if (fromFeature && toFeature && fromFeature !== toFeature) return 'featuresImportFeatures';
  const fromShared = /^apps\/web\/src\/(ui|lib)\//.test(file);
  if ((fromShared || fromFeature) && target.startsWith(`${WEB}app/`)) return 'importsApp';
  if (fromShared && toFeature) return 'sharedImportsFeatures';
  return null;
}

/** Kysely's query builder at run time is for repositories, the db folder and tests only. */
function kyselyViolation(file, source, typeOnly) {
  if (typeOnly || (source !== 'kysely' && !source.startsWith('kysely/'))) return null;
  if (/\.repository\.ts$/.test(file) || file.startsWith('apps/server/src/db/') || isTest(file)) {
    return null;
  }
  return 'kyselyOutsideRepositories';
}

/** Whether an import or export brings only types. */
function onlyTypes(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
  );
}

export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Enforces the architecture's import boundaries." },
    schema: [],
    messages: {
      appsImportApps: 'An app never imports another app: share the code through a package.',
      packagesImportApps: 'A package never imports an app.',
      modulesImportModules:
        'A server module does not import another module at run time: app.ts passes it in ' +
        '(import type is fine), and shared code lives in src/lib.',
      sharedImportsModules: 'src/lib, src/db and src/plugins do not import server modules.',
      featuresImportFeatures:
        'A console feature does not import another feature: compose them in src/app, ' +
        'or move the shared piece to src/ui or src/lib.',
      importsApp: 'Only src/app imports from src/app.',
      sharedImportsFeatures: 'src/ui and src/lib do not import features.',
      kyselyOutsideRepositories:
        "Only repositories (*.repository.ts) and src/db use Kysely's query builder.",
    },
  },
  create(context) {
    const file = toRepo(context.filename);
    const check = (node, sourceNode) => {
      if (!sourceNode || typeof sourceNode.value !== 'string') return;
      const source = sourceNode.value;
      const typeOnly = onlyTypes(node);
      const kysely = kyselyViolation(file, source, typeOnly);
      if (kysely) context.report({ node: sourceNode, messageId: kysely });
      const target = targetOf(context.filename, source);
      const broken = target && violation(file, target, typeOnly);
      if (broken) context.report({ node: sourceNode, messageId: broken });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { boundaries } };
