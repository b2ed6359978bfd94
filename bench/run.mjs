// npm run bench [-- <name> [args...]]: runs bench/<name>.mjs; without a name, lists the benches
// (every bench/*.mjs: alerts, bundle-size, first-paint, detect-api, enrolment, feeds, fleet, feeds-profile, findings-insert, honeypot, insights-* (upload, big-upload, sbom, history), vuln-matching; see bench/README.md).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const benches = readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && !f.startsWith('_'))
  .map((f) => f.slice(0, -'.mjs'.length))
  .sort();

const [name, ...args] = process.argv.slice(2);
if (!name) {
  console.log('Benchmarks (run one with: npm run bench -- <name>, or node bench/run.mjs <name>):');
  for (const b of benches) console.log(`  ${b}`);
  console.log('See bench/README.md for what each one measures.');
  process.exit(0);
}
if (!/^[\w-]+$/.test(name) || !existsSync(join(BENCH_DIR, `${name}.mjs`))) {
  console.error(`No benchmark "${name}". Available: ${benches.join(', ')}`);
  process.exit(2);
}
const child = spawn(process.execPath, [join(BENCH_DIR, `${name}.mjs`), ...args], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
