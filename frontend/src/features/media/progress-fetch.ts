// A fetch for storage-js that reports how much of the request body has been sent:
// fetch() cannot tell upload progress, XMLHttpRequest can. Only what storage-js's upload
// needs: a string URL, method, headers, a FormData or Blob body, an abort signal.

export type ProgressListener = (fraction: number) => void

function responseHeaders(raw: string): Headers {
  const headers = new Headers()
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return headers
}

export function progressFetch(onProgress: ProgressListener): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open(init?.method ?? 'GET', input instanceof Request ? input.url : String(input))
      new Headers(init?.headers).forEach((value, key) => xhr.setRequestHeader(key, value))
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
      }
      xhr.onload = () => {
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304
        resolve(
          new Response(empty ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: responseHeaders(xhr.getAllResponseHeaders()),
          }),
        )
      }
      xhr.onerror = () => reject(new TypeError('The upload failed: the network connection was lost.'))
      xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
      init?.signal?.addEventListener('abort', () => xhr.abort())
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null)
    })
}
