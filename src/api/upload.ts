// A fetch that reports how much of the request body has gone out, for uploads big enough to
// watch on a slow connection (fetch itself cannot tell). Built on XMLHttpRequest; it answers
// like fetch: a Response for any HTTP answer, a TypeError when there is none, an AbortError
// when the request's signal aborts (ky's timeout).

export type UploadProgress = (sent: number, total: number) => void;

/** Response headers as XMLHttpRequest gives them ("name: value" lines). */
export function parseHeaderLines(lines: string): Headers {
  const headers = new Headers();
  for (const line of lines.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

const nullBodyStatus = new Set([101, 204, 205, 304]);

export function uploadFetch(onProgress: UploadProgress): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const aborted = () => {
        xhr.abort();
        reject(new DOMException('The upload was aborted', 'AbortError'));
      };
      if (request.signal.aborted) {
        aborted();
        return;
      }
      request.signal.addEventListener('abort', aborted, { once: true });
      xhr.open(request.method, request.url);
      xhr.responseType = 'arraybuffer';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      xhr.onload = () => {
        request.signal.removeEventListener('abort', aborted);
        resolve(
          new Response(nullBodyStatus.has(xhr.status) ? null : (xhr.response as ArrayBuffer), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaderLines(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = () => {
        request.signal.removeEventListener('abort', aborted);
        reject(new TypeError('The server did not answer the upload'));
      };
      xhr.send(body);
    });
  };
}
