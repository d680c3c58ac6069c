// jsdom has no workers. `stubWorker(api)` makes the page's `new Worker(…)` answer from this
// thread: the worker's own functions behind Comlink, so the page's real client code runs as it
// does in a browser. Messages pass as they are, not copied: jsdom's File cannot cross Node's
// MessageChannel.
import { expose, type Endpoint } from 'comlink';
import { vi } from 'vitest';

export function stubWorker(api: object) {
  vi.stubGlobal('Worker', function InThreadWorker() {
    const [page, worker] = endpointPair();
    expose(api, worker);
    return page;
  });
}

function endpointPair(): [Endpoint, Endpoint] {
  const page = new EventTarget();
  const worker = new EventTarget();
  // Delivered on a later task, as a worker's answers are.
  const sendTo = (target: EventTarget) => (data: unknown) => {
    setTimeout(() => target.dispatchEvent(new MessageEvent('message', { data })));
  };
  return [
    Object.assign(page, { postMessage: sendTo(worker) }),
    Object.assign(worker, { postMessage: sendTo(page) }),
  ];
}
