import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Crafted .xlsx files for the limits of the Excel reader, built without ever holding (or compressing) their inflated
 * content: a deflate stream may be the concatenation of independently compressed, byte-aligned pieces, so one piece of
 * rows compressed once and repeated makes a sheet of hundreds of MB from a few hundred KB, in milliseconds.
 */

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

interface Part {
  name: string;
  /** Raw deflate data, the inflated size and its CRC-32. */
  deflated: Buffer;
  size: number;
  crc: number;
  /** The uncompressed size written in the headers (a bomb may lie). */
  declared?: number;
}

const piece = (data: Buffer, final: boolean) =>
  deflateRawSync(data, { level: 9, finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });

/** One zip entry holding this text, deflated. */
export function plainPart(name: string, text: string | Buffer): Part {
  const data = Buffer.from(text);
  return { name, deflated: piece(data, true), size: data.length, crc: crc32(data) };
}

/** A zip of deflated parts (central directory included), as any zip tool writes it. */
export function zipOf(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const size = p.declared ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + p.deflated.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const inlineRow = (r: number, cells: string[]) =>
  `<row r="${r}">${cells
    .map((v, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${v}</t></is></c>`)
    .join('')}</row>`;

/**
 * A workbook whose first sheet starts with `header` and then repeats one row until it inflates to about
 * `inflatedBytes`. With `declared`, every header of the sheet entry claims that size instead (a lying zip).
 */
export function xlsxBomb(opts: { header: readonly string[]; inflatedBytes: number; declared?: number }): Buffer {
  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}"><sheetData>${inlineRow(1, [...opts.header])}`,
  );
  const tail = Buffer.from('</sheetData></worksheet>');
  const row = inlineRow(2, ['炸弹行', 'A', '教务处', '', '', '2026-01-01', '2026-12-31', '1', '']);
  const unit = Buffer.from(row.repeat(Math.ceil((1024 * 1024) / Buffer.byteLength(row))));
  const repeats = Math.max(1, Math.round(opts.inflatedBytes / unit.length));
  const unitDeflated = piece(unit, false);
  let crc = crc32(head);
  for (let i = 0; i < repeats; i++) crc = crc32(unit, crc);
  crc = crc32(tail, crc);
  const sheet: Part = {
    name: 'xl/worksheets/sheet1.xml',
    deflated: Buffer.concat([piece(head, false), ...Array<Buffer>(repeats).fill(unitDeflated), piece(tail, true)]),
    size: head.length + unit.length * repeats + tail.length,
    crc,
    declared: opts.declared,
  };
  return zipOf([...packageParts(), sheet]);
}

/** A workbook of one sheet whose rows are given as XML, with these shared strings (sizes told truthfully). */
export function xlsxOfXml(rowsXml: string, sharedStrings: string[] = []): Buffer {
  const sst = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.map((t) => `<si><t>${t}</t></si>`).join('')}</sst>`;
  return zipOf([
    ...packageParts(),
    plainPart('xl/sharedStrings.xml', sst),
    plainPart(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${rowsXml}</sheetData></worksheet>`,
    ),
  ]);
}

/** The parts every workbook here has besides its sheet: content types, relationships and the workbook. */
function packageParts(): Part[] {
  return [
    plainPart(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    plainPart(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    plainPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="任务" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    plainPart(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
  ];
}
