/**
 * Reads a text/event-stream body (the OpenAI streaming format) and yields each event's `data`
 * (lines joined by "\n"), per the WHATWG rules: events end at a blank line, `:` lines are
 * comments, other fields are ignored here.
 */
export async function* serverSentEventData(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = "";
  let data: string[] = [];
  try {
    for (;;) {
      const chunk = await reader.read();
      buffer += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        const width = buffer.startsWith("\r\n", newline) ? 2 : 1;
        buffer = buffer.slice(newline + width);
        if (line === "") {
          if (data.length > 0) yield data.join("\n");
          data = [];
        } else if (line.startsWith("data:")) {
          data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        }
      }
      if (chunk.done) break;
    }
    // A stream cut without its final blank line: what was read of the last event is incomplete
    // and is not yielded (the caller notices the missing end of the answer).
  } finally {
    // Stops the transfer when the consumer leaves early (a no-op after the end).
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
