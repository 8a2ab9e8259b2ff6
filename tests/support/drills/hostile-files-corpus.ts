// The hostile KYC files of drill 5, made at test time (nothing big is committed): ZIP archives written
// byte by byte, so that an archive can say one size and hold another, and deflated payloads streamed so
// that a gigabyte bomb costs the test a megabyte.
import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

interface ZipPart {
  name: string;
  /** The packed bytes as stored. */
  packed: Uint8Array;
  /** 0: stored, 8: deflated. */
  method: 0 | 8;
  /** What the directory says the part unpacks to. */
  statedSize: number;
  crc: number;
}

const u16 = (value: number) => Buffer.from([value & 0xff, (value >>> 8) & 0xff]);
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};

/** A ZIP archive of the parts, with local headers, a central directory and its end record. */
export function zipArchive(parts: readonly ZipPart[], statedCount = parts.length): Uint8Array {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const common = [
      u16(20),
      u16(0),
      u16(part.method),
      u16(0),
      u16(0x21),
      u32(part.crc),
      u32(part.packed.byteLength),
      u32(part.statedSize),
      u16(name.length),
      u16(0),
    ];
    const local = Buffer.concat([u32(0x04034b50), ...common, name]);
    directory.push(
      Buffer.concat([u32(0x02014b50), u16(20), ...common, u16(0), u16(0), u16(0), u32(0), u32(offset), name]),
    );
    chunks.push(local, Buffer.from(part.packed));
    offset += local.length + part.packed.byteLength;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(statedCount),
    u16(statedCount),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return new Uint8Array(Buffer.concat([...chunks, central, end]));
}

/** A part deflated from text held in memory. */
export function deflatedPart(name: string, text: string): Promise<ZipPart> {
  const data = Buffer.from(text, 'utf8');
  return deflateStream(name, data.length, [data]);
}

/**
 * A part of `size` bytes of one repeated byte, deflated a megabyte at a time: a gigabyte of spaces packs
 * into about a megabyte without the test ever holding the gigabyte.
 */
export function repeatedPart(name: string, size: number, byte = 0x20): Promise<ZipPart> {
  function* blocks(): Generator<Buffer> {
    const block = Buffer.alloc(1024 * 1024, byte);
    for (let left = size; left > 0; left -= block.length) {
      yield left >= block.length ? block : block.subarray(0, left);
    }
  }
  return deflateStream(name, size, blocks());
}

async function deflateStream(name: string, size: number, chunks: Iterable<Buffer>): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const ended = once(deflate, 'end');
  let crc = 0;
  for (const chunk of chunks) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return { name, packed: new Uint8Array(Buffer.concat(packed)), method: 8, statedSize: size, crc };
}

/** The parts every workbook has besides its sheet; with `sheet`, an XLSX file exceljs would open. */
export async function workbookParts(sheet: ZipPart): Promise<ZipPart[]> {
  return [
    await deflatedPart(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    await deflatedPart(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ),
    await deflatedPart(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="KYC" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    await deflatedPart(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    ),
    sheet,
  ];
}

/** A worksheet of inline-string rows, as XML. */
export function sheetXml(rows: readonly (readonly string[])[]): string {
  const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const column = (index: number) => String.fromCharCode(65 + index);
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((cell, c) => `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${xmlText(cell)}</t></is></c>`)
          .join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** `[[[[…]]]]` nested `depth` levels deep. */
export const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A CSV header of `columns` columns. */
export function wideHeader(columns: number): string {
  const names: string[] = [];
  for (let i = 0; i < columns; i++) names.push(`c${i}`);
  return names.join(',');
}
