/**
 * The compiled catalogue as one file the function opens at cold start (compiled/catalog.bin), laid out
 * so that loading it costs almost nothing: a cold start reads the small JSON header and the phrase
 * table's bucket offsets, and every other byte is read from the file when first needed. A
 * description's words read only their own buckets of the phrase table; provider entries a category at a
 * time; what a phrase stands for when it first matches; names only when a model's answer is checked.
 *
 *   uint32 LE  header length H
 *   H bytes    header: JSON, UTF-8 (everything small, and where each section lies)
 *   phrases    uint32 LE bucket count N, N + 1 bucket offsets, then each bucket's lines
 *              "key\u0001entry" joined by "\n" (a key is a word, or "*" and a prefix's first letters)
 *              (the labelled examples' word postings share the table, under keys "#<number>")
 *   owners     what each phrase stands for: one JSON value per line, by owner number
 *   names      UTF-8 text
 *   entries    per category, UTF-8 JSON of its ProviderFacts[]
 *   examples   UTF-8 JSON of the labelled examples as neighbours (NeighbourExample[])
 */
import type { CategoryId } from '../category-ids.js';
import type { NeighbourTable } from './learn.js';
import type { PhraseSource, PhraseTables } from './text.js';

/**
 * Written by `npm run generate`. The sources keep it in compiled/ beside this module; the function's
 * build (bin/build-function.ts) keeps it in compiled/ beside index.mjs, with the code that reads it in
 * index.mjs or in a chunk under chunks/.
 */
export const CATALOG_FILE = new URL(
  `${import.meta.url.includes('/chunks/') ? '../' : './'}compiled/catalog.bin`,
  import.meta.url,
);

/** [start, end) byte offsets in the file. */
type Span = [start: number, end: number];

export interface PackedSections {
  phrases: Span;
  owners: Span;
  names: Span;
  entries: Partial<Record<CategoryId, Span>>;
  examples: Span;
}

const KEY_SEPARATOR = '\u0001';

/** FNV-1a over UTF-16 code units: the same bucket at build time and at run time. */
const hash = (key: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

const prefixKey = (bucket: string) => `*${bucket}`;
/** Words are lower-case letters, digits or CJK characters: "#" never starts one. */
const postingKey = (index: number) => `#${index}`;

/** What goes in the file besides the header. */
export interface PackedContent {
  phrases: PhraseTables;
  /** What the phrases stand for, by owner number (any JSON value). */
  owners: readonly unknown[];
  names: string;
  entries: Partial<Record<CategoryId, string>>;
  neighbours: Pick<NeighbourTable, 'postings' | 'examples'>;
}

export const pack = <H extends object>(header: H, { phrases, owners, names, entries, neighbours }: PackedContent): Buffer => {
  const keyed: [string, string][] = [
    ...Object.entries(phrases.byWord),
    ...Object.entries(phrases.byPrefix).map(([bucket, entry]): [string, string] => [prefixKey(bucket), entry]),
    ...neighbours.postings.map((entry, index): [string, string] => [postingKey(index), entry]),
  ];
  // About one key per bucket: a look-up decodes a line or two.
  let count = 1;
  while (count < keyed.length) count *= 2;
  const buckets: string[][] = Array.from({ length: count }, () => []);
  for (const [key, entry] of keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    (buckets[hash(key) % count] as string[]).push(`${key}${KEY_SEPARATOR}${entry}`);
  const bucketBytes = buckets.map((lines) => Buffer.from(lines.join('\n'), 'utf8'));
  const table = Buffer.alloc(4 * (count + 2));
  table.writeUInt32LE(count, 0);
  let offset = 0;
  bucketBytes.forEach((bytes, i) => {
    table.writeUInt32LE(offset, 4 * (i + 1));
    offset += bytes.length;
  });
  table.writeUInt32LE(offset, 4 * (count + 1));
  const phraseSection = Buffer.concat([table, ...bucketBytes]);
  const ownerSection = Buffer.from(owners.map((owner) => JSON.stringify(owner)).join('\n'), 'utf8');
  const nameSection = Buffer.from(names, 'utf8');
  const entrySections = Object.entries(entries).map(([id, json]) => [id, Buffer.from(json as string, 'utf8')] as const);
  const exampleSection = Buffer.from(JSON.stringify(neighbours.examples), 'utf8');

  // The header holds the sections' places, which depend on the header's own length: lay out twice.
  const layout = (headerLength: number) => {
    let at = 4 + headerLength;
    const span = (length: number): Span => {
      const start = at;
      at += length;
      return [start, at];
    };
    return {
      phrases: span(phraseSection.length),
      owners: span(ownerSection.length),
      names: span(nameSection.length),
      entries: Object.fromEntries(entrySections.map(([id, bytes]) => [id, span(bytes.length)])),
      examples: span(exampleSection.length),
    } satisfies PackedSections;
  };
  let headerBytes = Buffer.from(JSON.stringify({ ...header, sections: layout(0) }), 'utf8');
  for (let length = -1; length !== headerBytes.length; ) {
    length = headerBytes.length;
    headerBytes = Buffer.from(JSON.stringify({ ...header, sections: layout(length) }), 'utf8');
  }
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32LE(headerBytes.length, 0);
  return Buffer.concat([
    prefix,
    headerBytes,
    phraseSection,
    ownerSection,
    nameSection,
    ...entrySections.map(([, bytes]) => bytes),
    exampleSection,
  ]);
};

/** Bytes of a packed file by position: the file itself on disk, or a buffer holding it. */
export interface Bytes {
  read(start: number, end: number): Buffer;
}

export const bytesOfBuffer = (buffer: Buffer): Bytes => ({ read: (start, end) => buffer.subarray(start, end) });

/**
 * The file, read where asked and never whole: a cold start reads a few hundred kilobytes of its 5 MB.
 * The descriptor stays open for the life of the process, as the module that reads it does.
 */
export const bytesOfFile = (file: URL): Bytes => {
  // Not `import … from 'node:fs'`: the ESM namespace of node:fs evaluates every lazy export (streams
  // among them), about 2 ms of cold start for one function; nothing else at init imports node:fs.
  const { openSync, readSync } = process.getBuiltinModule('node:fs');
  const fd = openSync(file, 'r');
  return {
    read: (start, end) => {
      const bytes = Buffer.allocUnsafe(end - start);
      for (let at = 0; at < bytes.length; ) {
        const read = readSync(fd, bytes, at, bytes.length - at, start + at);
        if (read === 0) throw new Error(`${file.pathname} ends at ${start + at}, before ${end}: regenerate it`);
        at += read;
      }
      return bytes;
    },
  };
};

export interface Unpacked<H> {
  header: H & { sections: PackedSections };
  phrases: PhraseSource;
  /** The owners section's lines: owner n's JSON is line n. */
  owners: () => string[];
  names: () => string;
  entries: (category: CategoryId) => string | undefined;
  /** A word feature's neighbour postings, by its position in NeighbourTable.features, encoded as in NeighbourTable.postings. */
  postings: (index: number) => string | undefined;
  /** The labelled examples as neighbours, as JSON. */
  examples: () => string;
}

export const unpack = <H extends object>(file: Bytes): Unpacked<H> => {
  const headerLength = file.read(0, 4).readUInt32LE(0);
  const header = JSON.parse(file.read(4, 4 + headerLength).toString('utf8')) as H & { sections: PackedSections };
  const { phrases, owners, names, entries, examples } = header.sections;
  const [base] = phrases;
  const count = file.read(base, base + 4).readUInt32LE(0);
  // The bucket offsets are read once (256 KB); a look-up then reads its bucket's bytes alone.
  const offsets = file.read(base + 4, base + 4 * (count + 2));
  const data = base + 4 * (count + 2);
  const text = ([start, end]: Span) => file.read(start, end).toString('utf8');
  const lookup = (key: string): string | undefined => {
    const b = hash(key) % count;
    const start = offsets.readUInt32LE(4 * b);
    const end = offsets.readUInt32LE(4 * (b + 1));
    if (start === end) return undefined;
    const wanted = `${key}${KEY_SEPARATOR}`;
    for (const line of text([data + start, data + end]).split('\n')) {
      if (line.startsWith(wanted)) return line.slice(wanted.length);
    }
    return undefined;
  };
  return {
    header,
    phrases: { word: lookup, prefix: (bucket) => lookup(prefixKey(bucket)) },
    owners: () => text(owners).split('\n'),
    names: () => text(names),
    entries: (category) => {
      const span = entries[category];
      return span ? text(span) : undefined;
    },
    postings: (index) => lookup(postingKey(index)),
    examples: () => text(examples),
  };
};
