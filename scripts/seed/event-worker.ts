import { parentPort, workerData } from 'node:worker_threads';
import { createEventBatcher, type EventBatchPlan } from './event-batches';

/**
 * The worker thread of `npm run seed` that makes the event batches (`event-batches.ts`): it gets
 * its plan as `workerData`, then answers each `{ first, count }` it is sent with the batch, in the
 * order asked.
 */

/** A request for the batch of `count` events with ids from `first` on. */
export interface EventBatchRequest {
  readonly first: number;
  readonly count: number;
}

const port = parentPort;
if (!port) throw new Error('event-worker.ts runs as a worker thread of the seed');
const makeBatch = createEventBatcher(workerData as EventBatchPlan);
port.on('message', (request: EventBatchRequest) => {
  port.postMessage(makeBatch(request.first, request.count));
});
