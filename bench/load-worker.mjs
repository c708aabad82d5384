// The thread `load.ts` runs autocannon on (plain JavaScript: a worker thread does not get the TypeScript loader).
import autocannon from 'autocannon';
import { parentPort, workerData } from 'node:worker_threads';

const { perConnection, ...options } = workerData;
let next = 0;
const setupClient = perConnection ? (client) => client.setRequests(perConnection[next++ % perConnection.length]) : undefined;
const result = await autocannon({ ...options, ...(setupClient ? { setupClient } : {}) });
parentPort.postMessage({ result });
