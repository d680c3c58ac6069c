// A small streaming .xlsx writer for the sales workbook: rows are turned into sheet XML as they
// come from the database and deflated straight into the zip, so a year of receipts is never
// held as cell objects or as one string. It writes only what the workbook uses: text, numbers
// and days, a number format per column, a bold frozen header row and column widths.
import zlib from 'node:zlib';

/** A cell: text, a number, a calendar day (UTC midnight), or empty. */
export type CellValue = string | number | Date | null;

export interface SheetColumn {
  header: string;
  width: number;
  /** One of the formats below; the cells of the column take it. */
  numFmt?: string;
}

// Custom number formats start at id 164 in SpreadsheetML.
const FORMATS = ['dd-mm-yyyy', '#,##0.00', '#,##0.###'];
/** Style ids: 0 plain, 1 bold (header), 2.. one per format above. */
const styleOf = (numFmt: string | undefined) => (numFmt ? 2 + FORMATS.indexOf(numFmt) : 0);

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters are not allowed in XML 1.0.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** Excel's serial day number of a UTC date (1900 date system). */
const serialDay = (date: Date) => date.getTime() / 86_400_000 + 25_569;

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** Bytes of a zip archive, written entry by entry, each deflated as it streams. */
class ZipWriter {
  readonly parts: Buffer[] = [];
  private offset = 0;
  private readonly entries: Entry[] = [];

  private push(bytes: Buffer) {
    this.parts.push(bytes);
    this.offset += bytes.length;
  }

  /** Starts an entry; write its content, then end it. */
  open(path: string) {
    const name = Buffer.from(path, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(0x21, 12); // 1980-01-01
    header.writeUInt16LE(name.length, 26);
    const entry: Entry = { name, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    this.push(header);
    this.push(name);
    const deflate = zlib.createDeflateRaw({ level: 6 });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.push(chunk);
    });
    const ended = new Promise<void>((resolve, reject) => {
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    return {
      write: (text: string) =>
        new Promise<void>((resolve, reject) => {
          const bytes = Buffer.from(text, 'utf8');
          entry.crc = zlib.crc32(bytes, entry.crc);
          entry.size += bytes.length;
          deflate.write(bytes, (error) => (error ? reject(error) : resolve()));
        }),
      end: async () => {
        deflate.end();
        await ended;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        this.push(descriptor);
        this.entries.push(entry);
      },
    };
  }

  async file(path: string, text: string) {
    const entry = this.open(path);
    await entry.write(text);
    await entry.end();
  }

  finish(): Buffer {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0808, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt16LE(0, 12);
      header.writeUInt16LE(0x21, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      this.push(header);
      this.push(entry.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.push(end);
    return Buffer.concat(this.parts);
  }
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** Rows' XML gathered before one write to the deflater. */
const FLUSH_CHARS = 256 * 1024;

export interface XlsxSheet {
  add(values: CellValue[]): Promise<void>;
  end(): Promise<void>;
}

/** A workbook written sheet by sheet; one sheet is open at a time. */
export class XlsxWriter {
  private readonly zip = new ZipWriter();
  private readonly names: string[] = [];

  /** Opens the next sheet, with its header row. */
  async sheet(name: string, columns: SheetColumn[]): Promise<XlsxSheet> {
    this.names.push(name);
    const entry = this.zip.open(`xl/worksheets/sheet${this.names.length}.xml`);
    const styles = columns.map((column) => styleOf(column.numFmt));
    const letters = columns.map((_, index) => columnName(index));
    let rowNo = 1;
    let pending =
      `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0">` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '</sheetView></sheetViews><cols>' +
      columns
        .map(
          (column, index) =>
            `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"` +
            `${styles[index] ? ` style="${styles[index]}"` : ''}/>`,
        )
        .join('') +
      '</cols><sheetData>' +
      `<row r="1">${columns
        .map(
          (column, index) =>
            `<c r="${letters[index]}1" s="1" t="inlineStr"><is><t>${escapeXml(column.header)}</t></is></c>`,
        )
        .join('')}</row>`;
    return {
      add: async (values) => {
        rowNo += 1;
        let xml = `<row r="${rowNo}">`;
        values.forEach((value, index) => {
          if (value === null || value === '') return;
          const ref = `${letters[index] ?? columnName(index)}${rowNo}`;
          const style = styles[index] ? ` s="${styles[index]}"` : '';
          if (typeof value === 'number') {
            xml += `<c r="${ref}"${style}><v>${value}</v></c>`;
          } else if (value instanceof Date) {
            xml += `<c r="${ref}"${style}><v>${serialDay(value)}</v></c>`;
          } else {
            xml += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
          }
        });
        pending += `${xml}</row>`;
        if (pending.length >= FLUSH_CHARS) {
          await entry.write(pending);
          pending = '';
        }
      },
      end: async () => {
        await entry.write(`${pending}</sheetData></worksheet>`);
        pending = '';
        await entry.end();
      },
    };
  }

  /** Writes the workbook's parts around the sheets and answers the file. */
  async finish(creator: string): Promise<Buffer> {
    const sheets = this.names.map((_, index) => index + 1);
    await this.zip.file(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        sheets
          .map(
            (n) =>
              `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '</Types>',
    );
    await this.zip.file(
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    );
    await this.zip.file(
      'docProps/core.xml',
      `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
        `<dc:creator>${escapeXml(creator)}</dc:creator></cp:coreProperties>`,
    );
    await this.zip.file(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
        this.names
          .map(
            (name, index) =>
              `<sheet name="${escapeXml(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
          )
          .join('') +
        '</sheets></workbook>',
    );
    await this.zip.file(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        sheets
          .map(
            (n) =>
              `<Relationship Id="rId${n}" Type="${REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    );
    await this.zip.file(
      'xl/styles.xml',
      `${XML}<styleSheet xmlns="${MAIN}">` +
        `<numFmts count="${FORMATS.length}">${FORMATS.map(
          (format, index) =>
            `<numFmt numFmtId="${164 + index}" formatCode="${escapeXml(format)}"/>`,
        ).join('')}</numFmts>` +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
        '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
        '<fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        `<cellXfs count="${2 + FORMATS.length}">` +
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
        FORMATS.map(
          (_, index) =>
            `<xf numFmtId="${164 + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
        ).join('') +
        '</cellXfs></styleSheet>',
    );
    return this.zip.finish();
  }
}
