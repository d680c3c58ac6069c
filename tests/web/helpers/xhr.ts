// XMLHttpRequest for tests, answered by whatever `fetch` is stubbed at the time, so uploads
// that go through XHR (for their progress) reach the same fake server as everything else. It
// reports upload progress as a browser does: part of the body, then all of it.
import { vi } from 'vitest';

type Listener = (event: ProgressEvent) => void;

class FetchBackedXhr {
  upload: { onprogress: Listener | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  responseType: XMLHttpRequestResponseType = '';
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();
  private answerHeaders = new Headers();
  private aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  getAllResponseHeaders(): string {
    return [...this.answerHeaders].map(([name, value]) => `${name}: ${value}\r\n`).join('');
  }

  abort() {
    this.aborted = true;
  }

  send(body: ArrayBuffer | null) {
    const total = body?.byteLength ?? 0;
    const progress = (loaded: number) =>
      this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    void (async () => {
      progress(Math.floor(total / 2));
      progress(total);
      let answer: Response;
      try {
        answer = await globalThis.fetch(this.url, {
          method: this.method,
          headers: this.headers,
          body,
        });
      } catch {
        if (!this.aborted) this.onerror?.();
        return;
      }
      if (this.aborted) return;
      this.status = answer.status;
      this.statusText = answer.statusText;
      this.answerHeaders = answer.headers;
      this.response = await answer.arrayBuffer();
      this.onload?.();
    })();
  }
}

export function stubXhrOverFetch(): void {
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
}
