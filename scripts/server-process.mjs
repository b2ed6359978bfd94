// How `npm start` (and the benches that measure it) start the API server process: with two glibc
// malloc arenas unless the environment already says otherwise. (The server itself sets how far V8
// lets its heap grow: api/src/server.ts.) Why and how much: README "Configuration", "Memory of the
// server process".

/**
 * The server's environment: `env` with MALLOC_ARENA_MAX=2 unless it sets that. glibc otherwise gives
 * each thread that allocates (libuv's pool, V8's helpers, worker threads) an arena of its own, up to
 * 8 per core, and keeps their memory.
 */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
