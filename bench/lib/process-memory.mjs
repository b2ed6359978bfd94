import { readFileSync } from 'node:fs';

/**
 * A process's resident set now (VmRSS) and its peak (VmHWM: since it started, or since the last
 * write to its clear_refs), in kB, from /proc (Linux). A field /proc does not give is NaN.
 */
export function processMemoryKB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}
