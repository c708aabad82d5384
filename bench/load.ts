// autocannon on a thread of its own (`load-worker.mjs`): a bench's server runs in the bench's process, and a load
// generator that shares its event loop takes the time of the server it measures.
import autocannon from 'autocannon';
import { Worker } from 'node:worker_threads';

type Options = Omit<autocannon.Options, 'setupClient'> & {
  /** The requests of each connection in turn (connection k sends `perConnection[k % length]`), instead of one list for all. */
  perConnection?: autocannon.Request[][];
};

// exported by autocannon, not declared by its types
const { aggregateResult } = autocannon as unknown as {
  aggregateResult: (results: unknown[], options: autocannon.Options) => autocannon.Result;
};

/** Runs autocannon with `options` on a worker thread and answers its result. */
export function loadTest(options: Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: options });
    // On a worker thread autocannon answers its histograms encoded, as for its own workers: `aggregateResult` decodes
    // them, but leaves the requests a second (a histogram of per-second samples it does not get) empty: their mean is
    // the requests completed over the run's seconds.
    worker.once('message', ({ result }: { result: { totalCompletedRequests: number; duration: number } }) => {
      const { perConnection: _lists, ...shown } = options;
      const aggregated = aggregateResult([result], shown);
      aggregated.requests.average = result.totalCompletedRequests / result.duration;
      resolve(aggregated);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
