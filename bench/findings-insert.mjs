// What a re-match batch's findings insert pays for on PGlite, part by part: the foreign-key checks,
// the rollup triggers (migration 0024/0025) and the insert itself; and as the matcher writes on
// PGlite (no per-row FK checks, existence checked by joins). Not a test.
//
//   node bench/feeds-profile.mjs --devices 1000 --keep     # prints the data folder it keeps
//   node bench/findings-insert.mjs --data-dir DIR [--rounds 3] [--devices 25]
//
// Each measurement takes the findings of `--devices` devices not measured before, deletes them and
// inserts them again as the matcher does (ordered by CVE, ON CONFLICT), inside a transaction that
// is rolled back, so the folder is left as it was. The variants drop a constraint or disable
// triggers inside that transaction (DDL is transactional): what the insert costs without them.
// Rounds interleave the variants, so a change in the machine's load hits them all alike.
import { readFileSync } from 'node:fs';
import { benchArgs, importApi, writeResults } from './lib/setup.mjs';

const {
  rounds: ROUNDS,
  devices: DEVICES,
  'data-dir': DATA_DIR,
} = benchArgs(
  'Usage: node bench/findings-insert.mjs --data-dir DIR [--rounds N] [--devices N]  (DIR: from feeds-profile --keep)',
  { rounds: 3, devices: 25 },
  { options: { 'data-dir': { type: 'string' } } },
);
if (!DATA_DIR) {
  console.error('--data-dir is required: a PGlite data folder kept by node bench/feeds-profile.mjs --devices N --keep');
  process.exit(2);
}

// Opened as the API opens it (its buffer cache, pg_trgm, the migrations), then used through PGlite's
// own client: the variants run several statements at once and read affected rows.
const { loadConfig } = await importApi('config.js');
const { openConfiguredDatabase } = await importApi('lib/startup.js');
const database = await openConfiguredDatabase(loadConfig({ ...process.env, DATA_DIR, DATABASE_URL: '' }));
const pg = database.db.$client;
const rchar = () => Number(/rchar: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))[1]);

const foreignKeys = (
  await pg.query(
    `SELECT conname, confrelid::regclass::text AS target FROM pg_constraint
     WHERE conrelid = 'package_findings'::regclass AND contype = 'f' ORDER BY conname`,
  )
).rows;
const drop = (keys) => keys.map((key) => `ALTER TABLE package_findings DROP CONSTRAINT ${key.conname}`).join(';');
const noRollups = 'ALTER TABLE package_findings DISABLE TRIGGER package_findings_rollups_insert';
// [name, setup, whether the insert checks existence with joins as the matcher does]
const variants = [
  ['with the per-row FK checks', '', false],
  // What matchDevices() does on PGlite (lib/vulns/match.ts): the findings' triggers fire in replica
  // mode (ALWAYS, migration 0032), the foreign-key checks do not, the joins check existence.
  ['as the matcher runs it on PGlite', 'SET LOCAL session_replication_role = replica', true],
  ['without the FK to vulnerabilities', drop(foreignKeys.filter((key) => key.target === 'vulnerabilities')), false],
  [`without its ${foreignKeys.length} FKs`, drop(foreignKeys), false],
  ['without the rollup trigger', noRollups, false],
  ['without any trigger or FK', `${noRollups}; SET LOCAL session_replication_role = replica`, false],
];
const devices = (await pg.query('SELECT DISTINCT device_uid FROM package_findings ORDER BY 1')).rows.map((r) => r.device_uid);
if (devices.length < ROUNDS * variants.length * DEVICES) {
  console.error(`the folder holds findings of ${devices.length} devices: fewer than --rounds × ${variants.length} × --devices`);
  process.exit(2);
}

const results = new Map(variants.map(([name]) => [name, []]));
let next = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, setup, joins] of variants) {
    const batch = devices.slice(next, (next += DEVICES));
    await pg.query('BEGIN');
    try {
      if (setup) await pg.exec(setup);
      await pg.query(
        'CREATE TEMP TABLE saved ON COMMIT DROP AS SELECT * FROM package_findings WHERE device_uid = ANY($1::uuid[])',
        [batch],
      );
      await pg.query('DELETE FROM package_findings WHERE device_uid = ANY($1::uuid[])', [batch]);
      const read = rchar();
      const start = performance.now();
      const { affectedRows } = await pg.query(`
        INSERT INTO package_findings (tenant_uid, device_uid, package_id, vulnerability_uid, score, demo, package_name)
        SELECT s.tenant_uid, s.device_uid, s.package_id, s.vulnerability_uid, s.score, s.demo, s.package_name FROM saved s
        ${
          joins
            ? `JOIN device_packages p ON p.id = s.package_id AND p.tenant_uid = s.tenant_uid AND p.device_uid = s.device_uid
               JOIN vulnerabilities v ON v.uid = s.vulnerability_uid`
            : ''
        }
        ORDER BY s.vulnerability_uid, s.package_id
        ON CONFLICT (package_id, vulnerability_uid) DO UPDATE SET score = excluded.score, demo = excluded.demo`);
      results.get(name).push({ rows: affectedRows, ms: performance.now() - start, readMB: (rchar() - read) / 1e6 });
    } finally {
      await pg.query('ROLLBACK');
    }
  }
}
await database.close();

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`Findings insert of ${DEVICES} devices on PGlite (${DATA_DIR}), median of ${ROUNDS} rounds, each on other devices:`);
const summary = [...results].map(([name, runs]) => {
  const rows = median(runs.map((run) => run.rows));
  const ms = median(runs.map((run) => run.ms));
  const readMB = median(runs.map((run) => run.readMB));
  console.log(
    `  ${name.padEnd(36)} ${String(rows).padStart(6)} rows  ${ms.toFixed(0).padStart(6)} ms  (${((ms * 1000) / rows).toFixed(0)} µs a row)  read ${readMB.toFixed(0)} MB`,
  );
  return { variant: name, rows, ms, readMB, runs };
});
writeResults('findings-insert', { devices: DEVICES, rounds: ROUNDS, dataDir: DATA_DIR, variants: summary });
