// The fleet bench's data (bench/fleet.mjs), written with COPY through postgres.js (the driver the
// API already uses): devices × packages, the findings of a feed of `records` OSV records, and
// alerts, all in the demo tenant, generated from fixed rules so every run loads the same fleet.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { prng } from './setup.mjs';

const DAY_MS = 86_400_000;
const WORDS = ['ssl', 'xml2', 'curl', 'z', 'png', 'gcrypt', 'ssh', 'sqlite3', 'systemd', 'glib', 'krb5', 'nss', 'expat'];
const PREFIXES = ['lib', 'python3-', 'node-', 'golang-', 'perl-', '', 'ruby-', 'lib'];
const PRIORITIES = ['Critical', 'High', 'Medium', 'Low'];
const RULES = Array.from({ length: 24 }, (_, i) => `Fleet rule ${String(i + 1).padStart(2, '0')}`);
/** One package name in this many has advisories in the feed. */
const VULNERABLE_EVERY = 25;

/** COPY text format: backslash, tab and newline escaped; null as \N. */
const field = (value) =>
  value === null || value === undefined
    ? '\\N'
    : String(value).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]);
const line = (values) => `${values.map(field).join('\t')}\n`;

/** Streams the lines of `rows()` (a generator of value arrays) into `table (columns)` with COPY, in chunks of ~1 MB. */
async function copyInto(sql, table, columns, rows) {
  async function* chunks() {
    let chunk = '';
    for (const row of rows()) {
      chunk += line(row);
      if (chunk.length > 1_000_000) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk !== '') yield chunk;
  }
  const writable = await sql.unsafe(`COPY ${table} (${columns.join(', ')}) FROM STDIN`).writable();
  await pipeline(Readable.from(chunks()), writable);
}

/** The package pool: `size` names (a name's index decides whether the feed has advisories for it). */
function packageName(k) {
  return `${PREFIXES[k % PREFIXES.length]}${WORDS[k % WORDS.length]}-${String(k).padStart(5, '0')}`;
}

/** A deterministic CVSS score for record r (one in twelve has none). */
function recordScore(r) {
  if (r % 12 === 0) return null;
  return Math.round(((r * 7919) % 1000) / 10) / 10;
}

/**
 * Loads the fleet into the demo tenant: `devices` devices (one in ten RTOS, whose packages no feed
 * covers), `packages` packages each (names from a pool of max(3 × packages, 6,000)), a feed of
 * `records` advisories (each one CVE) on the pool's vulnerable names, the findings those give
 * (a vulnerable package has one to three), and `alerts` alerts over 90 days. Indexes of the big
 * tables are dropped during the load and rebuilt after (what a bulk load does), and foreign-key
 * triggers are off for the session: every reference is generated consistent. `progress(message)`
 * is told each step. Resolves with the device uids and the row counts.
 */
export async function loadFleet(sql, { tenantUid, devices, packages, records, alerts, progress }) {
  const pool = Math.max(3 * packages, 6000);
  // A step that keeps the pool's names distinct per device and coprime with the pool size.
  let step = 7;
  while (gcd(step, pool) !== 1) step += 2;
  const vulnerableNames = Math.ceil(pool / VULNERABLE_EVERY);
  const recordsPerName = Math.max(3, Math.floor(records / vulnerableNames));
  const counts = { devices, packages: devices * packages, records, findings: 0, alerts };

  await sql`SET session_replication_role = replica`; // no FK triggers (superuser; this session only)
  // The findings' triggers fire in replica mode too (api migration 0032): origin-only for the load.
  const always = await sql`SELECT tgname FROM pg_trigger WHERE tgrelid = 'package_findings'::regclass AND tgenabled = 'A'`;
  for (const { tgname } of always) await sql.unsafe(`ALTER TABLE package_findings ENABLE TRIGGER ${tgname}`);
  await sql`SET maintenance_work_mem = '512MB'`;
  const big = ['device_packages', 'package_findings', 'alerts', 'vulnerability_affected'];
  const indexes = await sql`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = ANY(${big})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`;
  for (const index of indexes) await sql.unsafe(`DROP INDEX ${index.indexname}`);

  // The feed: records, their CVEs and the affected package each names.
  let started = performance.now();
  const vulnUids = Array.from({ length: records }, () => randomUUID());
  const nameOfRecord = (r) => packageName((r % vulnerableNames) * VULNERABLE_EVERY);
  const osvId = (r) => `FLEET-${String(r).padStart(7, '0')}`;
  const cveId = (r) => `CVE-${2000 + (r % 26)}-${String(100000 + r).padStart(7, '0')}`;
  await copyInto(sql, 'vulnerabilities', ['uid', 'cve_id', 'summary', 'score', 'source'], function* () {
    for (let r = 0; r < records; r++)
      yield [vulnUids[r], cveId(r), `Fleet bench advisory ${r}`, recordScore(r), `osv:${osvId(r)}`];
  });
  await copyInto(sql, 'osv_records', ['id', 'summary', 'details', 'score', 'source'], function* () {
    for (let r = 0; r < records; r++) yield [osvId(r), `Fleet bench advisory ${r}`, '', recordScore(r), 'bench:fleet'];
  });
  await copyInto(sql, 'osv_record_vulnerabilities', ['osv_id', 'vulnerability_uid', 'relation'], function* () {
    for (let r = 0; r < records; r++) yield [osvId(r), vulnUids[r], 2];
  });
  const ranges = JSON.stringify([{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '99.0' }] }]);
  await copyInto(sql, 'vulnerability_affected', ['osv_id', 'ecosystem', 'package_name', 'ranges'], function* () {
    for (let r = 0; r < records; r++) yield [osvId(r), 'Debian:12', nameOfRecord(r), ranges];
  });
  progress(`feed: ${records.toLocaleString('en-US')} records in ${seconds(started)}`);

  // Devices, then their packages and findings device by device (the stored counts computed here).
  started = performance.now();
  const r = prng(14);
  const now = Date.now();
  const fleet = Array.from({ length: devices }, (_, d) => {
    const rtos = d % 10 === 9;
    return {
      uid: randomUUID(),
      hostname: `fleet-${String(d).padStart(5, '0')}`,
      rtos,
      ip: `10.${(d >> 16) & 255}.${(d >> 8) & 255}.${d & 255}`,
      lastConnected: new Date(now - r.int(0, 30 * DAY_MS)).toISOString(),
      createdAt: new Date(now - 90 * DAY_MS + d * 1000).toISOString(),
      cves: 0,
      high: 0,
      worst: -1,
    };
  });
  const [{ next }] = await sql`SELECT coalesce(max(id), 0) + 1 AS next FROM device_packages`;
  const firstId = Number(next);
  const packageId = (d, i) => firstId + d * packages + i;
  const nameIndex = (d, i) => (d * 131 + i * step) % pool;
  // Which records a vulnerable package matches: 1..3 of its name's records.
  const findingsOf = (d, i, k) => {
    const slot = k / VULNERABLE_EVERY;
    const n = 1 + ((d + i) % 3);
    const chosen = Array.from({ length: n }, (_, j) => slot + vulnerableNames * ((d * 3 + i + j * 97) % recordsPerName));
    return [...new Set(chosen)].filter((record) => record < records);
  };
  const PER_BATCH = Math.max(1, Math.floor(200_000 / packages));
  for (let from = 0; from < devices; from += PER_BATCH) {
    const to = Math.min(devices, from + PER_BATCH);
    await copyInto(
      sql,
      'device_packages',
      ['id', 'tenant_uid', 'device_uid', 'name', 'version', 'ecosystem', 'source_name', 'architecture'],
      function* () {
        for (let d = from; d < to; d++) {
          const device = fleet[d];
          for (let i = 0; i < packages; i++) {
            const k = nameIndex(d, i);
            const name = packageName(k);
            const version = `${1 + (k % 9)}.${(d + i) % 13}.${i % 7}-1`;
            yield [
              packageId(d, i),
              tenantUid,
              device.uid,
              name,
              version,
              device.rtos ? '' : 'Debian:12',
              name,
              device.rtos ? '' : 'amd64',
            ];
          }
        }
      },
    );
    await copyInto(
      sql,
      'package_findings',
      ['tenant_uid', 'device_uid', 'package_id', 'vulnerability_uid', 'score', 'package_name'],
      function* () {
        for (let d = from; d < to; d++) {
          const device = fleet[d];
          if (device.rtos) continue;
          for (let i = 0; i < packages; i++) {
            const k = nameIndex(d, i);
            if (k % VULNERABLE_EVERY !== 0) continue;
            for (const record of findingsOf(d, i, k)) {
              const score = recordScore(record);
              device.cves += 1; // one record per CVE and distinct records per package: findings = distinct CVEs here
              if (score !== null && score > 7.5) device.high += 1;
              if (score !== null && score > device.worst) device.worst = score;
              counts.findings += 1;
              yield [tenantUid, device.uid, packageId(d, i), vulnUids[record], score, packageName(k)];
            }
          }
        }
      },
    );
    if (Math.floor(to / PER_BATCH) % Math.max(1, Math.floor(devices / PER_BATCH / 20)) === 0 || to === devices) {
      progress(
        `packages: ${to.toLocaleString('en-US')} / ${devices.toLocaleString('en-US')} devices (${(to * packages).toLocaleString('en-US')} rows, ${counts.findings.toLocaleString('en-US')} findings) in ${seconds(started)}`,
      );
    }
  }
  await sql`SELECT setval(pg_get_serial_sequence('device_packages', 'id'), ${firstId + devices * packages})`;
  await copyInto(
    sql,
    'devices',
    [
      'uid',
      'tenant_uid',
      'hostname',
      'device_type',
      'platform_name',
      'platform_version',
      'kernel_arch',
      'kernel_version',
      'risk_score',
      'risk_rank',
      'package_count',
      'cve_count',
      'high_risk_cve_count',
      'ip_addresses',
      'agent_version',
      'last_connected',
      'created_at',
    ],
    function* () {
      for (const d of fleet) {
        const risk = d.worst > 7.5 ? ['High', 3] : d.worst >= 4 ? ['Medium', 2] : ['Low', 1];
        yield [
          d.uid,
          tenantUid,
          d.hostname,
          d.rtos ? 'rtos' : 'linux',
          d.rtos ? 'Zephyr' : 'Debian GNU/Linux',
          d.rtos ? '3.6' : '12 (bookworm)',
          d.rtos ? 'arm' : 'x86_64',
          d.rtos ? '3.6.0' : '6.1.0-18-amd64',
          ...risk,
          packages,
          d.cves,
          d.high,
          d.ip,
          '1.4.0',
          d.lastConnected,
          d.createdAt,
        ];
      }
    },
  );
  await copyInto(sql, 'device_interfaces', ['tenant_uid', 'device_uid', 'name', 'state', 'ip_addresses'], function* () {
    for (const d of fleet) {
      yield [tenantUid, d.uid, 'lo', 'UNKNOWN', '127.0.0.1, ::1'];
      yield [tenantUid, d.uid, 'eth0', 'UP', d.ip];
    }
  });
  await copyInto(
    sql,
    'device_accounts',
    ['tenant_uid', 'device_uid', 'username', 'home_directory', 'uid', 'shell', 'group_name', 'privileges'],
    function* () {
      for (const d of fleet) {
        yield [tenantUid, d.uid, 'root', '/root', 0, '/bin/bash', 'root', 'root'];
        yield [tenantUid, d.uid, 'ops', '/home/ops', 1000, '/bin/bash', 'sudo', 'sudo'];
        yield [tenantUid, d.uid, 'www-data', '/var/www', 33, '/usr/sbin/nologin', 'www-data', 'standard'];
      }
    },
  );
  progress(
    `devices: ${devices.toLocaleString('en-US')} with ${(devices * packages).toLocaleString('en-US')} packages and ${counts.findings.toLocaleString('en-US')} findings in ${seconds(started)}`,
  );

  // Alerts: 70% open, over 90 days, on the fleet's devices.
  started = performance.now();
  const ALERT_BATCH = 200_000;
  for (let from = 0; from < alerts; from += ALERT_BATCH) {
    const to = Math.min(alerts, from + ALERT_BATCH);
    await copyInto(
      sql,
      'alerts',
      [
        'tenant_uid',
        'device_uid',
        'name',
        'status',
        'priority',
        'priority_rank',
        'description',
        'event_data',
        'elastic_rule_name',
        'elastic_rule_id',
        'elastic_alert_id',
        'elastic_alert_created_at',
      ],
      function* () {
        for (let n = from; n < to; n++) {
          const priority = r.pick(PRIORITIES);
          const rule = r.pick(RULES);
          const device = r.pick(fleet);
          yield [
            tenantUid,
            device.uid,
            `${rule}: suspicious activity #${n}`,
            r.next() < 0.7 ? 'OPEN' : 'CLOSED',
            priority,
            4 - PRIORITIES.indexOf(priority),
            `Fleet alert ${n} raised by ${rule} on ${device.hostname}`,
            JSON.stringify({ 'host.name': device.hostname, 'process.command_line': `/usr/bin/fleet --n ${n}` }),
            rule,
            `rule-${RULES.indexOf(rule)}`,
            `fleet-${n}`,
            new Date(now - r.int(0, 90 * DAY_MS)).toISOString(),
          ];
        }
      },
    );
    progress(`alerts: ${to.toLocaleString('en-US')} / ${alerts.toLocaleString('en-US')} in ${seconds(started)}`);
  }

  started = performance.now();
  for (const index of indexes) {
    await sql.unsafe(index.indexdef);
    progress(`index ${index.indexname} rebuilt (${seconds(started)} so far)`);
  }
  await sql`SET session_replication_role = origin`;
  for (const { tgname } of always) await sql.unsafe(`ALTER TABLE package_findings ENABLE ALWAYS TRIGGER ${tgname}`);
  // COPY in replica mode bypassed the triggers that keep the findings rollups (api migration 0024).
  started = performance.now();
  await sql`SELECT detect_rollups_rebuild(${tenantUid})`;
  progress(`findings rollups rebuilt in ${seconds(started)}`);
  started = performance.now();
  await sql`VACUUM ANALYZE`;
  progress(`VACUUM ANALYZE in ${seconds(started)}`);
  return { deviceUids: fleet.map((d) => d.uid), rules: RULES, counts };
}

function gcd(a, b) {
  return b === 0 ? a : gcd(b, a % b);
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
