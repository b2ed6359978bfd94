import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * This process's Node options for a worker, without those that name the process's own entry
 * (`--input-type`, `-e`/`--eval`/`-p`/`--print` and their values): a worker inherits them, and
 * one started from `node --input-type=module -e …` then refuses to load its file.
 */
function workerExecArgv(): string[] {
  const kept: string[] = []
  const args = process.execArgv
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (/^--(input-type|eval|print)=/.test(arg)) continue
    if (['--input-type', '-e', '--eval', '-p', '--print'].includes(arg)) {
      index++
      continue
    }
    kept.push(arg)
  }
  return kept
}

/**
 * Starts the worker entry `entry` beside the module at `moduleUrl` (its `import.meta.url`):
 * compiled JS in production, TypeScript through tsx in tests and dev.
 */
export function startWorker(moduleUrl: string, entry: string, options: WorkerOptions = {}): Worker {
  const withArgv = { execArgv: workerExecArgv(), ...options }
  if (!moduleUrl.endsWith('.ts')) return new Worker(new URL(`./${entry}.js`, moduleUrl), withArgv)
  // Node 20 refuses a .ts worker before any loader runs, even with execArgv ['--import', 'tsx']:
  // a bootstrap registers tsx in the worker, then imports the entry.
  const tsx = import.meta.resolve('tsx/esm/api')
  const url = new URL(`./${entry}.ts`, moduleUrl).href
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url)}) })`, {
    ...withArgv,
    eval: true
  })
}
