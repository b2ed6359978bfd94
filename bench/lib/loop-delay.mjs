// Preloaded into the API server by a bench (`node --import bench/lib/loop-delay.mjs`): a 10 ms
// interval timer notes how late it fires; every 100 ms the worst lateness of the window is
// appended as "<epoch ms> <ms>" to BENCH_LOOP_DELAY_FILE, so the bench sees how long the server's
// event loop was held up, and when. Worker threads inherit `--import`: only the main thread logs
// (a worker's own loop is busy parsing by design).
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file && isMainThread) {
  let worst = 0;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10).unref();
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${Math.max(0, worst).toFixed(1)}\n`);
    worst = 0;
  }, 100).unref();
}
