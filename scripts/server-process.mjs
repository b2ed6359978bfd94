// How `npm start`, `npm run cli` and the benches that measure them start the API's processes: with
// two glibc malloc arenas unless the environment already says otherwise. (The server and the CLI
// themselves set how far V8 lets their heap grow: api/src/lib/heap-growth.ts.) Why and how much:
// README "Configuration", "Memory of the server process".

/**
 * The environment of an API process (the server, the CLI): `env` with MALLOC_ARENA_MAX=2 unless it
 * sets that. glibc otherwise gives each thread that allocates (libuv's pool, V8's helpers, worker
 * threads) an arena of its own, up to 8 per core, and keeps their memory.
 */
export function apiProcessEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
