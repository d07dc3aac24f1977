// The import graph of the browser client (static/js), read from the source: every
// `import ... from "..."` and `export ... from "..."` of every module. Used by
// imports.test.mjs (no cycles, every import resolves to a module that exports the name).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const STATEMENT = /^\s*(import|export)\s+([^;]*?)\s*from\s*["']([^"']+)["']/gms;
const BARE = /^\s*import\s*["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\s*\(/g;
const LAZY = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;
const EXPORTED =
  /^export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/gm;

export function modulesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...modulesUnder(path));
    else if (name.endsWith(".js")) out.push(path);
  }
  return out.sort();
}

/** {file: {imports: [{target, names, lazy}], exports: Set, dynamic: n}}; keys relative to
 *  root. `lazy` imports are `import("./x.js")` with a literal path (no names: what the
 *  importer reads of the module's namespace is read at run time); `dynamic` counts every
 *  `import(` in the module, literal or not. */
export function readGraph(root) {
  const graph = {};
  for (const file of modulesUnder(root)) {
    const source = readFileSync(file, "utf8");
    const imports = [];
    for (const [, , clause, spec] of source.matchAll(STATEMENT)) {
      const target = relative(root, resolve(dirname(file), spec));
      imports.push({ target, names: namedImports(clause) });
    }
    for (const [, spec] of source.matchAll(BARE))
      imports.push({ target: relative(root, resolve(dirname(file), spec)), names: [] });
    const exports = new Set([...source.matchAll(EXPORTED)].map((m) => m[1]));
    if (/^export\s+default\b/m.test(source)) exports.add("default");
    for (const [, names] of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
      for (const n of names.split(","))
        if (n.trim())
          exports.add(
            n
              .trim()
              .split(/\s+as\s+/)
              .pop(),
          );
    }
    for (const [, spec] of source.matchAll(LAZY)) {
      const target = relative(root, resolve(dirname(file), spec));
      imports.push({ target, names: [], lazy: true });
    }
    const dynamic = [...source.matchAll(DYNAMIC)].length;
    graph[relative(root, file)] = { imports, exports, dynamic };
  }
  return graph;
}

function namedImports(clause) {
  const names = [];
  const braces = clause.match(/\{([^}]*)\}/);
  if (braces) {
    for (const n of braces[1].split(",")) if (n.trim()) names.push(n.trim().split(/\s+as\s+/)[0]);
  }
  const head = clause
    .replace(/\{[^}]*\}/, "")
    .replace(/,/g, " ")
    .trim();
  if (head && !head.startsWith("*")) names.push("default");
  return names;
}

/** Every cycle's modules (strongly connected components of more than one module, or a
 *  module importing itself), by Tarjan's algorithm. `edges`: {node: [node]}. */
export function cycles(edges) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(v) {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges[v] ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges[v] ?? []).includes(v)) found.push(component.sort());
    }
  }
  for (const v of Object.keys(edges)) if (!indexOf.has(v)) visit(v);
  return found;
}
