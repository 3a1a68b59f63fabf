// @ts-check
/**
 * `npm run lint` runs this after ESLint: the import rules the conventions state, checked by a
 * machine so that they hold.
 *
 * - The dashboard's layers, lowest first: foundations (`src/lib/`, `config/`, `types/`,
 *   `testing/`), the events layer (`src/entities/`: data, renders nothing), shared components
 *   (`src/components/`), the views (`src/features/<view>/`), and the app (`src/app/`, `main.tsx`).
 *   A file imports only from its own layer or one below it.
 * - A view never imports another view (src/features/<a> → src/features/<b>); `src/app/` is where
 *   views meet.
 * - No import cycle anywhere, type-only imports included.
 *
 * Exits 1 with one line per violation.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['src', 'server', 'e2e', 'bench', 'scripts'];
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js'];
const SKIP = new Set(['node_modules', 'dist', 'results']);

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  /** @type {string[]} */
  const files = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) files.push(...sourceFiles(file));
    else if (EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts'))
      files.push(file);
  }
  return files;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative import specifiers of a file (type-only ones too: a cycle of types is still a tangle). */
/** @param {string} text */
function importsOf(text) {
  /** @type {string[]} */
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4];
    if (specifier?.startsWith('.')) found.push(specifier);
  }
  return found;
}

/** @param {string} from @param {string} specifier */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  if (/\.js$/.test(base))
    candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** @param {string} file */
function rel(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

/**
 * The dashboard's layers, lowest first: a file imports only from its own layer or a lower one.
 * Features (one per view) are one layer whose slices never import each other.
 */
const LAYERS = [
  ['foundations', /^src\/(lib|config|types|testing)\//],
  ['entities', /^src\/entities\//],
  ['components', /^src\/components\//],
  ['features', /^src\/features\//],
  ['app', /^src\/(app\/|main\.tsx$)/],
];

/** @param {string} file @returns {number} */
function layerOf(file) {
  return LAYERS.findIndex(([, pattern]) => /** @type {RegExp} */ (pattern).test(file));
}

/** @param {string} importer @param {string} imported @returns {string | undefined} */
function zoneViolation(importer, imported) {
  const feature = (/** @type {string} */ file) => /^src\/features\/([^/]+)\//.exec(file)?.[1];
  const from = feature(importer);
  const to = feature(imported);
  if (from && to && from !== to)
    return `feature ${from} imports feature ${to} (a view never imports another; they meet in src/app)`;
  const low = layerOf(importer);
  const high = layerOf(imported);
  if (low >= 0 && high > low) {
    const name = (/** @type {number} */ layer) => /** @type {string} */ (LAYERS[layer]?.[0]);
    return `${name(low)} (${importer.split('/')[1]}/) imports ${name(high)} (${imported.split('/').slice(1, 3).join('/')})`;
  }
  return undefined;
}

const files = DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)));
/** @type {Map<string, string[]>} */
const edgesOf = new Map();
/** @type {string[]} */
const problems = [];
for (const file of files) {
  const from = rel(file);
  const edges = [];
  for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
    const target = resolve(file, specifier);
    if (!target) continue;
    const to = rel(target);
    const zone = zoneViolation(from, to);
    if (zone) problems.push(`${from}: ${zone}: ${specifier}`);
    edges.push(to);
  }
  edgesOf.set(from, edges);
}

// Tarjan's strongly connected components: any with more than one file is a cycle.
let counter = 0;
/** @type {Map<string, number>} */ const index = new Map();
/** @type {Map<string, number>} */ const low = new Map();
/** @type {string[]} */ const stack = [];
const onStack = new Set();
/** @param {string} node */
function visit(node) {
  index.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edgesOf.get(node) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
  }
  if (low.get(node) === index.get(node)) {
    /** @type {string[]} */
    const component = [];
    let member;
    do {
      member = /** @type {string} */ (stack.pop());
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) problems.push(`import cycle: ${component.sort().join(' ⇄ ')}`);
  }
}
for (const node of edgesOf.keys()) if (!index.has(node)) visit(node);

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`check-imports: ${problems.length} problem(s) in ${files.length} files`);
  process.exit(1);
}
console.log(
  `check-imports: ${files.length} files, layers in order, no view crossing, no import cycle`,
);
