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
 * A worker with `options`, without the options of this process that a worker refuses: V8's own
 * (`--heap-growing-percent`, `--max-old-space-size`, `--expose-gc`) and the process's (`--title`)
 * throw ERR_WORKER_INVALID_EXEC_ARGV, which names them. V8's apply to every thread of the process
 * anyway, so `node --heap-growing-percent=50 dist/server.js` (README) still reaches the workers.
 */
function construct(target: string | URL, options: WorkerOptions): Worker {
  try {
    return new Worker(target, options)
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    const named = /invalid execArgv flags: (.*)$/.exec(message)?.[1]
    if (code !== 'ERR_WORKER_INVALID_EXEC_ARGV' || named === undefined) throw error
    const refused = new Set(named.split(', '))
    return new Worker(target, { ...options, execArgv: options.execArgv?.filter((arg) => !refused.has(arg)) })
  }
}

/**
 * Starts the worker entry `entry` beside the module at `moduleUrl` (its `import.meta.url`):
 * compiled JS in production, TypeScript through tsx in tests and dev.
 */
export function startWorker(moduleUrl: string, entry: string, options: WorkerOptions = {}): Worker {
  const withArgv = { execArgv: workerExecArgv(), ...options }
  if (!moduleUrl.endsWith('.ts')) return construct(new URL(`./${entry}.js`, moduleUrl), withArgv)
  // Node 20 refuses a .ts worker before any loader runs, even with execArgv ['--import', 'tsx']:
  // a bootstrap registers tsx in the worker, then imports the entry.
  const tsx = import.meta.resolve('tsx/esm/api')
  const url = new URL(`./${entry}.ts`, moduleUrl).href
  return construct(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url)}) })`, {
    ...withArgv,
    eval: true
  })
}
