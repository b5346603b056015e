import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

// Test input only: Word documents made in the test (no large binaries in the repository).

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
const TAIL = "</w:t></w:r></w:p></w:body></w:document>";

/**
 * A small DOCX whose `word/document.xml` inflates to about `inflatedBytes`: one paragraph of
 * that many letters (highly compressible: 300 MB deflate to about 300 KB). It is deflated as
 * it is made, so the test never holds the inflated text.
 */
export async function docxOfOneHugeParagraph(
  inflatedBytes: number,
  /** zlib level: 1 makes a 300 MB bomb in a fraction of the time of 9, about four times larger. */
  level = 9,
): Promise<Uint8Array> {
  const chunk = Buffer.alloc(1024 * 1024, "a");
  const deflate = createDeflateRaw({ level });
  const compressed: Buffer[] = [];
  deflate.on("data", (data: Buffer) => compressed.push(data));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.once("end", resolve);
    deflate.once("error", reject);
  });
  let crc = crc32(HEAD);
  let size = Buffer.byteLength(HEAD);
  const write = async (data: Buffer) => {
    crc = crc32(data, crc);
    size += data.length;
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once("drain", resolve));
  };
  deflate.write(HEAD);
  for (let left = inflatedBytes; left > 0; left -= chunk.length) {
    await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  }
  await write(Buffer.from(TAIL));
  deflate.end();
  await ended;
  return zipOf([
    stored("[Content_Types].xml", CONTENT_TYPES),
    stored("_rels/.rels", RELS),
    { name: "word/document.xml", data: Buffer.concat(compressed), crc, size },
  ]);
}

interface Entry {
  name: string;
  /** Deflated bytes. */
  data: Buffer;
  crc: number;
  /** Inflated size. */
  size: number;
}

function stored(name: string, text: string): Entry {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
}

/** A ZIP of deflated entries (local headers, data, central directory, end record). */
function zipOf(entries: readonly Entry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
