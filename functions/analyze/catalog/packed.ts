/**
 * The compiled catalogue as one file the function reads at cold start (compiled/catalog.bin), laid out
 * so that reading it costs almost nothing: a small JSON header, then sections read only when needed.
 * Phrase table entries sit in a hash table of buckets, so a description's words decode only their own
 * buckets; provider entries decode a category at a time; names only when a model's answer is checked.
 *
 *   uint32 LE  header length H
 *   H bytes    header: JSON, UTF-8 (everything small, and where each section lies)
 *   phrases    uint32 LE bucket count N, N + 1 bucket offsets, then each bucket's lines
 *              "key\u0001entry" joined by "\n" (a key is a word, or "*" and a prefix's first letters)
 *              (the labelled examples' word postings share the table, under keys "#<number>")
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

export const pack = <H extends object>(
  header: H,
  phrases: PhraseTables,
  names: string,
  entries: Partial<Record<CategoryId, string>>,
  neighbours: Pick<NeighbourTable, 'postings' | 'examples'>,
): Buffer => {
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
    nameSection,
    ...entrySections.map(([, bytes]) => bytes),
    exampleSection,
  ]);
};

export interface Unpacked<H> {
  header: H & { sections: PackedSections };
  phrases: PhraseSource;
  names: () => string;
  entries: (category: CategoryId) => string | undefined;
  /** A word feature's neighbour postings, by its position in NeighbourTable.features, encoded as in NeighbourTable.postings. */
  postings: (index: number) => string | undefined;
  /** The labelled examples as neighbours, as JSON. */
  examples: () => string;
}

export const unpack = <H extends object>(file: Buffer): Unpacked<H> => {
  const headerLength = file.readUInt32LE(0);
  const header = JSON.parse(file.toString('utf8', 4, 4 + headerLength)) as H & { sections: PackedSections };
  const { phrases, names, entries, examples } = header.sections;
  const [base] = phrases;
  const count = file.readUInt32LE(base);
  const data = base + 4 * (count + 2);
  const lookup = (key: string): string | undefined => {
    const b = hash(key) % count;
    const start = data + file.readUInt32LE(base + 4 * (b + 1));
    const end = data + file.readUInt32LE(base + 4 * (b + 2));
    if (start === end) return undefined;
    const wanted = `${key}${KEY_SEPARATOR}`;
    for (const line of file.toString('utf8', start, end).split('\n')) {
      if (line.startsWith(wanted)) return line.slice(wanted.length);
    }
    return undefined;
  };
  return {
    header,
    phrases: { word: lookup, prefix: (bucket) => lookup(prefixKey(bucket)) },
    names: () => file.toString('utf8', names[0], names[1]),
    entries: (category) => {
      const span = entries[category];
      return span ? file.toString('utf8', span[0], span[1]) : undefined;
    },
    postings: (index) => lookup(postingKey(index)),
    examples: () => file.toString('utf8', examples[0], examples[1]),
  };
};
