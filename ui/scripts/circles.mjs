// Fails when any two files under src/ import each other, directly or round a longer loop: static,
// type-only, re-exports and dynamic import() alike (a type circle still ties two files together).
// Uses the TypeScript already installed for the typecheck, resolving as tsconfig.json says.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ui = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(ui, 'src');
const config = ts.getParsedCommandLineOfConfigFile(join(ui, 'tsconfig.json'), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => {
    throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  },
});
if (!config) throw new Error('tsconfig.json could not be read');
const files = config.fileNames.filter((file) => file.startsWith(src + '/'));

/** The files under src/ that `file` imports. */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule?.resolvedFileName)
    .filter((target) => target?.startsWith(src + '/'));
}

const graph = new Map(files.map((file) => [file, [...new Set(importsOf(file))]]));

// Tarjan's strongly connected components: every component of more than one file, or a file that
// imports itself, is a circle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
let counter = 0;
function visit(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), index.get(next)));
    }
  }
  if (low.get(file) === index.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) circles.push(component);
  }
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

/** One loop through `component`, starting and ending at its first file, as the imports run. */
function loopThrough(component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let step = file; step !== start; step = previous.get(step)) path.splice(1, 0, step);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return component;
}

if (circles.length > 0) {
  console.error(`${circles.length} import circle(s) under ui/src:`);
  for (const component of circles) {
    console.error(`  ${loopThrough(component).map((file) => relative(src, file)).join(' -> ')}`);
  }
  process.exit(1);
}
console.log(`no import circle among ${graph.size} files under ui/src`);
