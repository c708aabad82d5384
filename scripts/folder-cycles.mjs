/**
 * Fails when the server's or the web's folders import each other in a circle (static runtime imports: neither
 * `import type` nor an on-demand `import()` counts). ESLint's no-cycle sees files; this sees the layers and domains: `db`, `lib`, `plugins`, each
 * `modules/<domain>` and `features/<feature>` is one node.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['apps/server/src', 'apps/web/src'];
const GROUPED = new Set(['modules', 'features']);
const IMPORT = /^(?:import|export)\s+(type\s+)?[^;]*?from\s+'(\.[^']+)'/gms;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

function folderOf(base, file) {
  const parts = relative(base, file).split('/');
  if (parts.length === 1) return '(entry files)';
  return GROUPED.has(parts[0]) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Tarjan's strongly connected components with more than one folder. */
function circles(graph) {
  const index = new Map(),
    low = new Map(),
    stack = [],
    onStack = new Set(),
    found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

let failed = false;
for (const source of SOURCES) {
  const base = join(root, source);
  const graph = new Map();
  const witness = new Map();
  for (const file of sourceFiles(base)) {
    for (const [, typeOnly, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (typeOnly) continue;
      const from = folderOf(base, file);
      const to = folderOf(base, normalize(join(dirname(file), spec)));
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
      witness.set(`${from} -> ${to}`, relative(root, file));
    }
  }
  for (const component of circles(graph)) {
    failed = true;
    console.error(`${source}: these folders import each other in a circle: ${component.sort().join(', ')}`);
    for (const from of component)
      for (const to of graph.get(from))
        if (component.includes(to)) console.error(`  ${from} -> ${to} (e.g. ${witness.get(`${from} -> ${to}`)})`);
  }
}
if (failed) process.exit(1);
console.log(`No folder cycles in ${SOURCES.join(' or ')}.`);
