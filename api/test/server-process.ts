import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const apiDir = path.resolve(import.meta.dirname, '..')

export interface Server {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<number | null>
}

export function startServer(dataDir: string, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
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
  return { child, stdout: () => stdout, stderr: () => stderr, exited }
}

// Generous: first start migrates and seeds the demo data, and CI machines may be busy.
// This checks that the server starts, not how fast (that is no unit test's job).
const START_DEADLINE_MS = 120_000

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
