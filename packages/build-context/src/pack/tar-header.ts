/**
 * Tar headers as the engine CLI's Go writer produces them (research §1, §3.3; Go `archive/tar` in PAX
 * format): a ustar header (`ustar\0` + `00`), octal numeric fields zero-padded with a trailing NUL, the
 * name split into prefix/name when it fits, and a PAX extended header (`x`) carrying `path`,
 * `linkpath` or `size` when a value is not ASCII or does not fit. Pure functions over Buffers.
 */

/** Tar block size in bytes. */
const BLOCK = 512;

/** Tar entry types used for a build context (ustar typeflag characters). */
export const TypeFlag = {
  file: "0",
  hardlink: "1",
  symlink: "2",
  char: "3",
  block: "4",
  dir: "5",
  fifo: "6",
  paxHeader: "x",
} as const;

/** The header fields of one entry. Numbers are integers; `mtime` is in seconds since the epoch. */
export interface TarHeader {
  name: string;
  type: (typeof TypeFlag)[keyof typeof TypeFlag];
  /** Permission bits plus setuid/setgid/sticky (07777). */
  mode: number;
  size: number;
  mtime: number;
  linkname?: string;
  uid?: number;
  gid?: number;
  devmajor?: number;
  devminor?: number;
}

const NAME_SIZE = 100;
const PREFIX_SIZE = 155;
const MAX_OCTAL_SIZE = 0o77777777777; // 11 octal digits

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

/**
 * Writes ASCII `value` (truncated to `size`, like Go's formatString) at `offset` of a zeroed block and
 * returns the sum of the bytes written (for the checksum). Non-ASCII values go to PAX records instead.
 */
function writeString(buf: Buffer, offset: number, size: number, value: string): number {
  const n = Math.min(value.length, size);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i) & 0xff;
    buf[offset + i] = c;
    sum += c;
  }
  return sum;
}

/** Writes `value` as zero-padded octal digits plus a NUL (Go's formatOctal); returns the byte sum. */
function writeOctal(buf: Buffer, offset: number, size: number, value: number): number {
  let sum = 0;
  if (value <= 0x7fffffff) {
    // The common case (every mode, uid and mtime; sizes under 2 GiB): integer shifts, no division.
    let v = value | 0;
    for (let i = offset + size - 2; i >= offset; i--) {
      const c = 0x30 | (v & 7);
      buf[i] = c;
      sum += c;
      v >>>= 3;
    }
  } else {
    let v = value;
    for (let i = size - 2; i >= 0; i--) {
      const c = 0x30 + (v % 8);
      buf[offset + i] = c;
      sum += c;
      v = Math.floor(v / 8);
    }
  }
  buf[offset + size - 1] = 0;
  return sum;
}

/** Go's `splitUSTARPath`: a name longer than 100 bytes may be stored as prefix (≤155) + "/" + name (≤100). */
function splitUstarPath(name: string): [string, string] | undefined {
  let length = name.length;
  if (length <= NAME_SIZE || !isAscii(name)) return undefined;
  if (length > PREFIX_SIZE + 1) length = PREFIX_SIZE + 1;
  else if (name[length - 1] === "/") length--;
  const i = name.lastIndexOf("/", length - 1);
  const nlen = name.length - i - 1;
  if (i <= 0 || nlen > NAME_SIZE || nlen === 0 || i > PREFIX_SIZE) return undefined;
  return [name.slice(0, i), name.slice(i + 1)];
}

/** Encodes PAX records (`"<len> key=value\n"`, the length counting itself). */
function paxRecords(records: [string, string][]): Buffer {
  let out = "";
  for (const [key, value] of records) {
    const body = ` ${key}=${value}\n`;
    const bodyBytes = Buffer.byteLength(body);
    let len = bodyBytes + String(bodyBytes).length;
    if (String(len).length !== String(bodyBytes).length) len = bodyBytes + String(len).length;
    out += `${len}${body}`;
  }
  return Buffer.from(out, "utf8");
}

function paddedSize(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}

const MAGIC = "ustar\u000000";

/**
 * A ustar block with the fields most entries share already written: zero uid, gid and device numbers
 * (`0000000\0`) and the magic; every other byte NUL. {@link writeUstar} copies it and writes the rest.
 */
const TEMPLATE = Buffer.alloc(BLOCK);
/** Byte sum of {@link TEMPLATE}'s fields plus the checksum field counted as spaces. */
const TEMPLATE_SUM =
  8 * 0x20 +
  writeOctal(TEMPLATE, 108, 8, 0) +
  writeOctal(TEMPLATE, 116, 8, 0) +
  writeString(TEMPLATE, 257, 8, MAGIC) +
  writeOctal(TEMPLATE, 329, 8, 0) +
  writeOctal(TEMPLATE, 337, 8, 0);
/** Byte sum of one zero octal field of 8 bytes (`0000000\0`), as in {@link TEMPLATE}. */
const ZERO_FIELD_SUM = 7 * 0x30;

/** Writes one ustar block at `offset` of `buf` (every byte of the 512 is written). */
function writeUstar(
  buf: Buffer,
  offset: number,
  h: TarHeader,
  name: string,
  prefix: string,
  linkname: string,
  size: number,
  options: { deviceFields: boolean } = { deviceFields: true },
): void {
  TEMPLATE.copy(buf, offset);
  let sum = TEMPLATE_SUM;
  sum += writeString(buf, offset, 100, name);
  sum += writeOctal(buf, offset + 100, 8, h.mode);
  if (h.uid) sum += writeOctal(buf, offset + 108, 8, h.uid) - ZERO_FIELD_SUM;
  if (h.gid) sum += writeOctal(buf, offset + 116, 8, h.gid) - ZERO_FIELD_SUM;
  sum += writeOctal(buf, offset + 124, 12, size);
  sum += writeOctal(buf, offset + 136, 12, h.mtime);
  sum += writeString(buf, offset + 156, 1, h.type);
  sum += writeString(buf, offset + 157, 100, linkname);
  if (!options.deviceFields) {
    buf.fill(0, offset + 329, offset + 345);
    sum -= 2 * ZERO_FIELD_SUM;
  } else {
    if (h.devmajor) sum += writeOctal(buf, offset + 329, 8, h.devmajor) - ZERO_FIELD_SUM;
    if (h.devminor) sum += writeOctal(buf, offset + 337, 8, h.devminor) - ZERO_FIELD_SUM;
  }
  sum += writeString(buf, offset + 345, 155, prefix);
  writeOctal(buf, offset + 148, 7, sum);
  buf[offset + 155] = 0x20;
}

function encodeUstar(
  h: TarHeader,
  name: string,
  prefix: string,
  linkname: string,
  size: number,
  options?: { deviceFields: boolean },
): Buffer {
  const buf = Buffer.allocUnsafe(BLOCK);
  writeUstar(buf, 0, h, name, prefix, linkname, size, options);
  return buf;
}

function toAsciiName(s: string): string {
  // Go's archive/tar `toASCII`: a best effort, so characters outside ASCII (and NUL) are dropped.
  let out = "";
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c < 0x80 && c !== 0) out += ch;
  }
  return out;
}

/**
 * The name of the PAX header file of an entry named `name`: Go's `writePAXHeader` takes
 * `path.Join(path.Split(name) dir, "PaxHeaders.0", file)`, and `writeRawFile` makes it ASCII (dropping
 * the rest), cuts it to 100 bytes and trims trailing slashes: `dïr/` → `dr/PaxHeaders.0`,
 * `dïr/fïle.txt` → `dr/PaxHeaders.0/fle.txt`.
 */
function paxHeaderName(name: string): string {
  const slash = name.lastIndexOf("/");
  const dir = name.slice(0, slash + 1);
  const file = name.slice(slash + 1);
  const joined = [dir.replace(/\/+$/, ""), "PaxHeaders.0", file].filter((part) => part !== "").join("/");
  return toAsciiName(joined).slice(0, NAME_SIZE).replace(/\/+$/, "");
}

/** True when `h` fits a ustar block as is (short ASCII name and link name, size within 11 octal digits). */
function isPlain(h: TarHeader): boolean {
  const link = h.linkname;
  return (
    h.name.length <= NAME_SIZE &&
    isAscii(h.name) &&
    (link === undefined || (link.length <= NAME_SIZE && isAscii(link))) &&
    h.size <= MAX_OCTAL_SIZE
  );
}

interface UstarFields {
  name: string;
  prefix: string;
  linkname: string;
  size: number;
  records: [string, string][];
}

/** Decides the ustar field values and the PAX records an entry needs (Go's `Writer.writePAXHeader` rules). */
function layout(h: TarHeader): UstarFields {
  const records: [string, string][] = [];
  let name = h.name;
  let prefix = "";
  if (name.length > NAME_SIZE || !isAscii(name)) {
    const split = splitUstarPath(name);
    if (split) [prefix, name] = split;
    else {
      records.push(["path", h.name]);
      name = toAsciiName(h.name).slice(0, NAME_SIZE);
    }
  }
  let linkname = h.linkname ?? "";
  if (linkname.length > NAME_SIZE || !isAscii(linkname)) {
    records.push(["linkpath", linkname]);
    linkname = toAsciiName(linkname).slice(0, NAME_SIZE);
  }
  let size = h.type === TypeFlag.file ? h.size : 0;
  if (size > MAX_OCTAL_SIZE) {
    records.push(["size", String(size)]);
    size = 0;
  }
  return { name, prefix, linkname, size, records };
}

/**
 * Encodes the header block(s) of one entry: one 512-byte ustar block, preceded by a PAX header and its
 * padded records when needed. The entry's data (if any) follows, padded to 512 bytes by the caller.
 */
export function encodeHeader(h: TarHeader): Buffer {
  const f = layout(h);
  const main = encodeUstar(h, f.name, f.prefix, f.linkname, f.size);
  if (f.records.length === 0) return main;
  const data = paxRecords(f.records);
  const paxName = paxHeaderName(h.name);
  // Go's `writeRawFile` sets only name, mode, uid, gid, size, mtime, type and magic: no device numbers.
  const paxHeader = encodeUstar(
    { name: paxName, type: TypeFlag.paxHeader, mode: 0, size: data.length, mtime: 0 },
    paxName,
    "",
    "",
    data.length,
    { deviceFields: false },
  );
  const out = Buffer.alloc(BLOCK + paddedSize(data.length) + BLOCK);
  paxHeader.copy(out, 0);
  data.copy(out, BLOCK);
  main.copy(out, BLOCK + paddedSize(data.length));
  return out;
}

/**
 * Writes the header block(s) of `h` into `target` at `offset` (which must have room for
 * {@link headerBytes}) and returns the number of bytes written. Allocation-free for plain ustar headers.
 */
export function writeHeader(target: Buffer, offset: number, h: TarHeader): number {
  if (isPlain(h)) {
    writeUstar(target, offset, h, h.name, "", h.linkname ?? "", h.type === TypeFlag.file ? h.size : 0);
    return BLOCK;
  }
  const f = layout(h);
  if (f.records.length === 0) {
    writeUstar(target, offset, h, f.name, f.prefix, f.linkname, f.size);
    return BLOCK;
  }
  const encoded = encodeHeader(h);
  encoded.copy(target, offset);
  return encoded.length;
}

/** Bytes of the header block(s) {@link encodeHeader} produces, computed without encoding. */
export function headerBytes(h: TarHeader): number {
  if (isPlain(h)) return BLOCK;
  const f = layout(h);
  return f.records.length === 0 ? BLOCK : 2 * BLOCK + paddedSize(paxRecords(f.records).length);
}

/** Bytes of padding after `size` bytes of data. */
export function paddingAfter(size: number): number {
  return paddedSize(size) - size;
}

/** Total bytes an entry occupies in the archive: header block(s) plus padded data. */
export function entryBytes(h: TarHeader): number {
  return headerBytes(h) + paddedSize(h.type === TypeFlag.file ? h.size : 0);
}

/** The end-of-archive marker: two zero blocks. */
export const END_OF_ARCHIVE_BYTES = 2 * BLOCK;
