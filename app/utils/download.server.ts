/**
 * A file to download, streamed as its chunks come: an export reads its rows a page at a time,
 * and the next page is read only when the client has taken the last one, so memory holds a
 * page whatever the file's size. Stopping the download (the client goes away) stops the reading.
 */
export function streamedDownload(fileName: string, contentType: string, chunks: AsyncIterable<string> | Iterable<string>): Response {
  const encoder = new TextEncoder();
  const iterator = (Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]()) as
    AsyncIterator<string> | Iterator<string>;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const csvDownload = (fileName: string, chunks: AsyncIterable<string> | Iterable<string>) =>
  streamedDownload(fileName, "text/csv; charset=utf-8", chunks);

export const jsonDownload = (fileName: string, chunks: AsyncIterable<string> | Iterable<string>) =>
  streamedDownload(fileName, "application/json; charset=utf-8", chunks);
