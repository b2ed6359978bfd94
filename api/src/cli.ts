import { runCli } from './cli/commands.js'
import { limitHeapGrowth } from './lib/heap-growth.js'

// A feed sync from the CLI holds as much as the server's job: the same heap growth limit.
limitHeapGrowth()

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
)
