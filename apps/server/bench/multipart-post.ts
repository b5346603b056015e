// POSTs one file plus text fields as multipart/form-data over node:http, streamed from disk.
import { randomUUID } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import { request } from "node:http";
import { basename } from "node:path";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";

/** The answer's status and body text. */
export interface PostAnswer {
  status: number;
  body: string;
}

/** Sends `file` under the field `file`, then `fields`, with a precomputed content-length. */
export async function postMultipartFile(
  url: string,
  filePath: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
): Promise<PostAnswer> {
  const boundary = `----bench${randomUUID().replaceAll("-", "")}`;
  const preamble = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${basename(filePath)}"\r\n` +
      "content-type: application/octet-stream\r\n\r\n",
  );
  const epilogue = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `\r\n--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}`,
      )
      .join("") + `\r\n--${boundary}--\r\n`,
  );
  const length = preamble.length + statSync(filePath).size + epilogue.length;
  const body = new PassThrough({ highWaterMark: 1 << 20 });
  const answer = new Promise<PostAnswer>((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(length),
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    body.pipe(req);
  });
  body.write(preamble);
  // Not awaited on its own: an early answer (401, 413) must not leave this waiting on the body.
  const sending = pipeline(createReadStream(filePath, { highWaterMark: 1 << 20 }), body, {
    end: false,
  }).then(() => body.end(epilogue));
  sending.catch(() => body.destroy());
  return answer;
}
