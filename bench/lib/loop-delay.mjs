// Preloaded into the API server by a bench (`node --import bench/lib/loop-delay.mjs`): every
// 100 ms it appends "<epoch ms> <max event-loop delay of the window in ms>" to
// BENCH_LOOP_DELAY_FILE, so the bench can read how long the server's loop was held up, and when.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${(histogram.max / 1e6).toFixed(1)}\n`);
    histogram.reset();
  }, 100).unref();
}
