/**
 * Tokenising and phrase matching for the catalogue engine. Every pattern in the catalogue (signals,
 * keywords, aliases) is compiled once into a PhraseIndex; a description is then scanned once, word by
 * word, and each hit is reported with where it sits in the original text.
 *
 * Pattern syntax (see types.ts): words separated by spaces, `word*` a prefix of at least 3 characters,
 * `_` any one word.
 */

export interface Token {
  /** Lower-case, accents stripped: what patterns are matched against. */
  word: string;
  /** Offsets into the original text, to quote what matched. */
  start: number;
  end: number;
  /** Written with a capital first letter in the original text. */
  capitalised: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}/gu;

/** Lower-case, strip accents (é → e, ç → c) and fold ß, so "Zahlungsabwicklung" and "pagos" match ASCII patterns. */
export const foldWord = (word: string): string =>
  word.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().replace(/ß/g, 'ss');

export const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const first = raw[0] ?? '';
    tokens.push({
      word: foldWord(raw),
      start: m.index,
      end: m.index + raw.length,
      capitalised: first !== first.toLowerCase(),
    });
  }
  return tokens;
};

type WordMatcher = { kind: 'exact'; word: string } | { kind: 'prefix'; prefix: string } | { kind: 'any' };

interface Phrase<T> {
  pattern: string;
  words: WordMatcher[];
  owners: T[];
}

export interface PhraseHit<T> {
  owner: T;
  pattern: string;
  /** Index of the first and one past the last token of the hit. */
  from: number;
  to: number;
}

const MIN_PREFIX = 3;

const parseWord = (word: string, pattern: string): WordMatcher => {
  if (word === '_') return { kind: 'any' };
  if (word.endsWith('*')) {
    const prefix = word.slice(0, -1);
    if (prefix.length < MIN_PREFIX || !/^[a-z0-9]+$/.test(prefix)) throw new Error(`bad prefix in pattern "${pattern}"`);
    return { kind: 'prefix', prefix };
  }
  if (!/^[a-z0-9]+$/.test(word)) throw new Error(`bad word "${word}" in pattern "${pattern}"`);
  return { kind: 'exact', word };
};

const matchesWord = (matcher: WordMatcher, word: string): boolean =>
  matcher.kind === 'any' || (matcher.kind === 'exact' ? matcher.word === word : word.startsWith(matcher.prefix));

/**
 * Patterns keyed by their first word: exact words in one map, prefixes in another, so a scan costs a few
 * map look-ups per word whatever the size of the catalogue.
 */
export class PhraseIndex<T> {
  private readonly byWord = new Map<string, Phrase<T>[]>();
  private readonly byPrefix = new Map<string, Phrase<T>[]>();
  private readonly phrases = new Map<string, Phrase<T>>();
  private longestPrefix = 0;

  add(pattern: string, owner: T): void {
    const normalised = pattern.trim().toLowerCase().split(/\s+/).join(' ');
    const existing = this.phrases.get(normalised);
    if (existing) {
      existing.owners.push(owner);
      return;
    }
    const words = normalised.split(' ').map((w) => parseWord(w, pattern));
    const first = words[0];
    if (!first || first.kind === 'any') throw new Error(`pattern "${pattern}" must start with a word`);
    const phrase: Phrase<T> = { pattern: normalised, words, owners: [owner] };
    this.phrases.set(normalised, phrase);
    const [map, key] = first.kind === 'exact' ? [this.byWord, first.word] : [this.byPrefix, first.prefix];
    map.set(key, [...(map.get(key) ?? []), phrase]);
    if (first.kind === 'prefix') this.longestPrefix = Math.max(this.longestPrefix, first.prefix.length);
  }

  /** Every hit of every pattern in the tokens, in text order. */
  scan(tokens: readonly Token[]): PhraseHit<T>[] {
    const hits: PhraseHit<T>[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const word = (tokens[i] as Token).word;
      this.collect(this.byWord.get(word), tokens, i, hits);
      const longest = Math.min(word.length, this.longestPrefix);
      for (let len = MIN_PREFIX; len <= longest; len++) {
        this.collect(this.byPrefix.get(word.slice(0, len)), tokens, i, hits);
      }
    }
    return hits;
  }

  private collect(candidates: Phrase<T>[] | undefined, tokens: readonly Token[], at: number, hits: PhraseHit<T>[]): void {
    if (!candidates) return;
    for (const phrase of candidates) {
      const end = at + phrase.words.length;
      if (end > tokens.length) continue;
      let ok = true;
      for (let k = 1; k < phrase.words.length && ok; k++) {
        ok = matchesWord(phrase.words[k] as WordMatcher, (tokens[at + k] as Token).word);
      }
      if (!ok) continue;
      for (const owner of phrase.owners) hits.push({ owner, pattern: phrase.pattern, from: at, to: end });
    }
  }
}
