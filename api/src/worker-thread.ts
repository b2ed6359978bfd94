import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * Starts the worker entry `entry` beside the module at `moduleUrl` (its `import.meta.url`):
 * compiled JS in production, TypeScript through tsx in tests and dev.
 */
export function startWorker(moduleUrl: string, entry: string, options: WorkerOptions = {}): Worker {
  if (!moduleUrl.endsWith('.ts')) return new Worker(new URL(`./${entry}.js`, moduleUrl), options)
  // Node 20 refuses a .ts worker before any loader runs, even with execArgv ['--import', 'tsx']:
  // a bootstrap registers tsx in the worker, then imports the entry.
  const tsx = import.meta.resolve('tsx/esm/api')
  const url = new URL(`./${entry}.ts`, moduleUrl).href
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url)}) })`, {
    ...options,
    eval: true
  })
}
