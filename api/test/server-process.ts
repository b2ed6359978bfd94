import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const apiDir = path.resolve(import.meta.dirname, '..')

function newest(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false })
  if (stat === undefined) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((most, entry) => Math.max(most, newest(path.join(target, entry))), stat.mtimeMs)
}

let built: boolean | undefined
/**
 * How a test starts the API's server or CLI in a child process: the build (`dist/`) when it is
 * newer than every source it is built from, as after `npm test`'s build step, else the sources
 * through tsx. Compiling the app through tsx costs ~1 s of CPU per child, and the tests start dozens.
 */
export function apiEntry(name: 'server' | 'cli'): string[] {
  built ??=
    newest(path.join(apiDir, 'dist')) >=
    Math.max(newest(path.join(apiDir, 'src')), newest(path.join(apiDir, '..', 'contracts', 'src')))
  return built ? [path.join('dist', `${name}.js`)] : ['--import', 'tsx', path.join('src', `${name}.ts`)]
}

export interface Server {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  /** stdout then stderr, for a failed assertion's message. */
  output: () => string
  exited: Promise<number | null>
}

export function startServer(dataDir: string, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, apiEntry('server'), {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FEED_SYNC_INTERVAL_HOURS: '0',
      ...env
    }
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk)
  })
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk)
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, stdout: () => stdout, stderr: () => stderr, output: () => stdout + stderr, exited }
}

// Generous: first start migrates and seeds the demo data, and CI machines may be busy. This
// checks that the server starts, not how fast (that is no unit test's job): a first start took
// ~60 s beside the other API tests at a load average of 5-8, and over 120 s in CI while the
// browser tests started their consoles on the same 2 cores.
export const START_DEADLINE_MS = 300_000

export async function readyLine(server: Server): Promise<string> {
  for (const deadline = Date.now() + START_DEADLINE_MS; Date.now() < deadline;) {
    const line = server
      .stdout()
      .split('\n')
      .find((text) => text.startsWith('Console ready at'))
    if (line !== undefined) return line
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // Killed, or the test runner would wait for it forever.
  server.child.kill('SIGKILL')
  throw new Error(`server did not start: ${server.stdout()} ${server.stderr()}`)
}

/** A started server and the loopback address it answers on. */
export interface RunningServer extends Server {
  base: string
}

/** The loopback address a "Console ready at http://localhost:PORT" line names (tests talk to 127.0.0.1 only). */
export const loopbackUrl = (line: string): string =>
  /Console ready at (http:\/\/localhost:\d+)/.exec(line)![1]!.replace('localhost', '127.0.0.1')

/** Starts the server and resolves once it printed "Console ready", with its address. */
export async function runningServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = startServer(dataDir, env)
  return { ...server, base: loopbackUrl(await readyLine(server)) }
}
