// autocannon on threads of their own (`load-worker.mjs`): a bench's server runs in the bench's process, and a load
// generator that shares its event loop takes the time of the server it measures.
import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

type Options = Omit<autocannon.Options, 'setupClient'> & {
  /** The requests of each connection in turn (connection k sends `perConnection[k % length]`), instead of one list for all. */
  perConnection?: autocannon.Request[][];
};
/** What autocannon answers on a worker thread: its histograms encoded, as for its own workers. */
type RawResult = { totalCompletedRequests: number; duration: number };

// exported by autocannon, not declared by its types
const { aggregateResult } = autocannon as unknown as {
  aggregateResult: (results: RawResult[], options: autocannon.Options) => autocannon.Result;
};

function run(options: Options): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: options });
    worker.once('message', ({ result }: { result: RawResult }) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * The runs' results as one: `aggregateResult` decodes their histograms, but leaves the requests a second (a histogram
 * of per-second samples it does not get) empty; their mean is each run's requests over its seconds, added up.
 */
function together(results: RawResult[], options: Options): autocannon.Result {
  const { perConnection: _lists, ...shown } = options;
  const aggregated = aggregateResult(results, shown);
  aggregated.requests.average = results.reduce((sum, result) => sum + result.totalCompletedRequests / result.duration, 0);
  return aggregated;
}

/** Runs autocannon with `options` on a worker thread and answers its result. */
export async function loadTest(options: Options): Promise<autocannon.Result> {
  return together([await run(options)], options);
}

/**
 * A fixed rate (`overallRate` over `connections`) as `parts` autocannon runs started a `1/parts` second apart, each
 * with its share of the connections and the rate. autocannon lets each connection send its share of a second's
 * requests back to back from the start of each second, all connections alike: one run sends the whole second's
 * requests in a burst at its start, and a connection whose burst does not end within the second loses the rest.
 * Staggered runs spread the requests over the second, as a fixed rate means.
 */
export async function fixedRateTest(options: Options & { overallRate: number; connections: number }, parts = 5) {
  const runs: Promise<RawResult>[] = [];
  for (let part = 0; part < parts; part++) {
    const share = (total: number) => Math.floor(total / parts) + (part < total % parts ? 1 : 0);
    const lists = options.perConnection?.filter((_, k) => k % parts === part);
    runs.push(run({ ...options, connections: share(options.connections), overallRate: share(options.overallRate), perConnection: lists }));
    if (part < parts - 1) await sleep(1000 / parts);
  }
  return together(await Promise.all(runs), options);
}
