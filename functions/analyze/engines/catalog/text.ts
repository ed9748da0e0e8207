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
/** Printable ASCII, most text and every product name, needs no Unicode normalisation. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
/**
 * Lower-case with accents off and ß folded ("Café" → "cafe", "Straße" → "strasse"): how both the
 * description's words and the catalogue's names are compared.
 */
export const foldText = (text: string): string =>
  PLAIN_ASCII.test(text)
    ? text.toLowerCase()
    : text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().replace(/ß/g, 'ss');

export const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const first = raw[0] ?? '';
    tokens.push({
      word: foldText(raw),
      start: m.index,
      end: m.index + raw.length,
      capitalised: first !== first.toLowerCase(),
    });
  }
  return tokens;
};

interface Phrase<T> {
  pattern: string;
  /** The words after the first, as written: `word`, `prefix*` or `_`. */
  rest: readonly string[];
  owners: T[];
}

const NO_WORDS: readonly string[] = [];

export interface PhraseHit<T> {
  /** Everything the matched pattern stands for: a phrase can be a signal and a keyword at once. */
  owners: readonly T[];
  pattern: string;
  /** Index of the first and one past the last token of the hit. */
  from: number;
  to: number;
}

/** Prefix patterns share a bucket keyed by their first three letters (every prefix has at least three). */
const BUCKET = 3;

interface PrefixPhrase<T> {
  prefix: string;
  phrase: Phrase<T>;
}

const WORD_PATTERN = /^([a-z0-9]+|[a-z0-9]{3,}\*|_)$/;

/**
 * Whether a pattern is written in the syntax above: canonical (lower case, single spaces) and starting
 * with a word. Checked over the whole catalogue by its tests, so building the index need not.
 */
export const isValidPattern = (pattern: string): boolean => {
  const words = pattern.split(' ');
  return words[0] !== '_' && words.every((w) => WORD_PATTERN.test(w));
};

/** One word of a pattern against one word of the text. */
const matchesWord = (patternWord: string, word: string): boolean => {
  if (patternWord === '_') return true;
  return patternWord.endsWith('*') ? word.startsWith(patternWord.slice(0, -1)) : patternWord === word;
};

/**
 * Patterns keyed by their first word: exact words in one map, prefixes in another, so a scan costs a few
 * map look-ups per word whatever the size of the catalogue.
 */
export class PhraseIndex<T> {
  private readonly byWord = new Map<string, Phrase<T>[]>();
  private readonly byPrefix = new Map<string, PrefixPhrase<T>[]>();
  private readonly phrases = new Map<string, Phrase<T>>();

  /** Adds a pattern (see isValidPattern) for `owner`; a pattern added twice keeps both owners. */
  add(pattern: string, owner: T): void {
    const existing = this.phrases.get(pattern);
    if (existing) {
      existing.owners.push(owner);
      return;
    }
    // Plain strings rather than parsed objects: ten thousand patterns are built at every cold start.
    const space = pattern.indexOf(' ');
    const first = space < 0 ? pattern : pattern.slice(0, space);
    const phrase: Phrase<T> = { pattern, rest: space < 0 ? NO_WORDS : pattern.slice(space + 1).split(' '), owners: [owner] };
    this.phrases.set(pattern, phrase);
    if (first.endsWith('*')) {
      const prefix = first.slice(0, -1);
      const key = prefix.slice(0, BUCKET);
      const entry = { prefix, phrase };
      const bucket = this.byPrefix.get(key);
      if (bucket) bucket.push(entry);
      else this.byPrefix.set(key, [entry]);
      return;
    }
    const bucket = this.byWord.get(first);
    if (bucket) bucket.push(phrase);
    else this.byWord.set(first, [phrase]);
  }

  /**
   * Calls `visit` for every occurrence of every pattern in the tokens, in text order. `wants` lets the
   * caller skip patterns it has no more use for (already counted) before any matching is done.
   */
  scan(tokens: readonly Token[], visit: (hit: PhraseHit<T>) => void, wants: (pattern: string) => boolean = () => true): void {
    for (let i = 0; i < tokens.length; i++) {
      const word = (tokens[i] as Token).word;
      this.collect(this.byWord.get(word), tokens, i, visit, wants);
      if (word.length < BUCKET) continue;
      const prefixed = this.byPrefix.get(word.slice(0, BUCKET));
      if (!prefixed) continue;
      for (const { prefix, phrase } of prefixed) {
        if (word.startsWith(prefix)) this.collect1(phrase, tokens, i, visit, wants);
      }
    }
  }

  private collect(
    candidates: Phrase<T>[] | undefined,
    tokens: readonly Token[],
    at: number,
    visit: (hit: PhraseHit<T>) => void,
    wants: (pattern: string) => boolean,
  ): void {
    if (!candidates) return;
    for (const phrase of candidates) this.collect1(phrase, tokens, at, visit, wants);
  }

  /** Matches the rest of one phrase whose first word matched at `at`. */
  private collect1(
    phrase: Phrase<T>,
    tokens: readonly Token[],
    at: number,
    visit: (hit: PhraseHit<T>) => void,
    wants: (pattern: string) => boolean,
  ): void {
    const end = at + 1 + phrase.rest.length;
    if (end > tokens.length || !wants(phrase.pattern)) return;
    for (let k = 0; k < phrase.rest.length; k++) {
      if (!matchesWord(phrase.rest[k] as string, (tokens[at + 1 + k] as Token).word)) return;
    }
    visit({ owners: phrase.owners, pattern: phrase.pattern, from: at, to: end });
  }
}
