import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync(process.argv[2]));
const self = new Map(); const byId = new Map(p.nodes.map(n => [n.id, n]));
const dt = new Map(); p.samples.forEach((s, i) => dt.set(s, (dt.get(s) ?? 0) + (p.timeDeltas[i] ?? 0)));
let total = 0;
for (const n of p.nodes) { const t = dt.get(n.id) ?? 0; total += t; const cf = n.callFrame; const k = `${cf.functionName || "(anon)"} ${cf.url.replace(/.*node_modules\//, "").replace(/.*\/dist\//,"dist/")}:${cf.lineNumber}`; self.set(k, (self.get(k) ?? 0) + t); }
const idle = [...self].filter(([k]) => k.startsWith("(idle)")).reduce((a, [, v]) => a + v, 0);
console.log("total ms", (total/1000).toFixed(0), "idle", (idle/1000).toFixed(0));
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 40))) console.log((v / (total-idle) * 100).toFixed(1).padStart(5), k);
