import { readFileSync } from "node:fs";
import { SourceMapConsumer } from "source-map-js";
const file = process.argv[2];
const code = readFileSync(file, "utf8");
const map = new SourceMapConsumer(JSON.parse(readFileSync(file + ".map", "utf8")));
const lines = code.split("\n");
const sizes = new Map();
let prev = null;
map.eachMapping((m) => {
  if (prev) {
    const len = prev.line === m.generatedLine ? m.generatedColumn - prev.col : lines[prev.line - 1].length - prev.col;
    const key = (prev.source ?? "?").replace(/.*node_modules\//, "nm/").replace(/.*\/src\//, "src/");
    sizes.set(key, (sizes.get(key) ?? 0) + len);
  }
  prev = { line: m.generatedLine, col: m.generatedColumn, source: m.source };
});
const bypkg = new Map();
for (const [k, v] of sizes) { const p = k.startsWith("nm/") ? k.split("/").slice(0, k.startsWith("nm/@") ? 3 : 2).join("/") : k; bypkg.set(p, (bypkg.get(p) ?? 0) + v); }
for (const [k, v] of [...(process.argv[3] === "files" ? sizes : bypkg)].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(String(v).padStart(8), k);
