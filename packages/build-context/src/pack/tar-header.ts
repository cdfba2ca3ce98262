/**
 * Tar headers as the engine CLI's Go writer produces them (research §1, §3.3; Go `archive/tar` in PAX
 * format): a ustar header (`ustar\0` + `00`), octal numeric fields zero-padded with a trailing NUL, the
 * name split into prefix/name when it fits, and a PAX extended header (`x`) carrying `path`,
 * `linkpath` or `size` when a value is not ASCII or does not fit. Pure functions over Buffers.
 */

/** Tar block size in bytes. */
export const BLOCK = 512;

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

function writeString(buf: Buffer, offset: number, size: number, value: string): void {
  // ASCII only here (non-ASCII values go to a PAX record); truncated like Go's formatString.
  buf.write(value.length > size ? value.slice(0, size) : value, offset, size, "latin1");
}

function writeOctal(buf: Buffer, offset: number, size: number, value: number): void {
  const digits = value.toString(8);
  const padded = digits.length < size - 1 ? "0".repeat(size - 1 - digits.length) + digits : digits;
  buf.write(padded, offset, size, "latin1");
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

function encodeUstar(h: TarHeader, name: string, prefix: string, linkname: string, size: number): Buffer {
  const buf = Buffer.alloc(BLOCK);
  writeString(buf, 0, 100, name);
  writeOctal(buf, 100, 8, h.mode);
  writeOctal(buf, 108, 8, h.uid ?? 0);
  writeOctal(buf, 116, 8, h.gid ?? 0);
  writeOctal(buf, 124, 12, size);
  writeOctal(buf, 136, 12, h.mtime);
  buf.write("        ", 148, 8, "latin1");
  buf.write(h.type, 156, 1, "latin1");
  writeString(buf, 157, 100, linkname);
  buf.write("ustar\u000000", 257, 8, "latin1");
  writeOctal(buf, 329, 8, h.devmajor ?? 0);
  writeOctal(buf, 337, 8, h.devminor ?? 0);
  writeString(buf, 345, 155, prefix);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += buf[i]!;
  writeOctal(buf, 148, 7, sum);
  buf[155] = 0x20;
  return buf;
}

function toAsciiName(s: string): string {
  let out = "";
  for (const ch of s) out += ch.charCodeAt(0) < 0x80 ? ch : "_";
  return out;
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
  const base = h.name.replace(/\/$/, "");
  const slash = base.lastIndexOf("/");
  const paxName = toAsciiName(
    slash < 0 ? `PaxHeaders.0/${base}` : `${base.slice(0, slash)}/PaxHeaders.0/${base.slice(slash + 1)}`,
  ).slice(0, NAME_SIZE);
  const paxHeader = encodeUstar(
    { name: paxName, type: TypeFlag.paxHeader, mode: 0, size: data.length, mtime: 0 },
    paxName,
    "",
    "",
    data.length,
  );
  const out = Buffer.alloc(BLOCK + paddedSize(data.length) + BLOCK);
  paxHeader.copy(out, 0);
  data.copy(out, BLOCK);
  main.copy(out, BLOCK + paddedSize(data.length));
  return out;
}

/** Bytes of the header block(s) {@link encodeHeader} produces, computed without encoding. */
export function headerBytes(h: TarHeader): number {
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
