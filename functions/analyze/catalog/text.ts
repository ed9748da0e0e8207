/**
 * Tokenising and phrase matching for the catalogue engine. Every pattern in the catalogue (signals,
 * keywords, aliases) is compiled at build time into plain phrase tables (compilePhrases); at run time
 * a PhraseIndex over those tables scans a description once, word by word, and reports each hit with
 * where it sits in the original text.
 *
 * Pattern syntax (see types.ts): words separated by spaces, `word*` a prefix of at least 3 characters,
 * `_` any one word.
 */
import type { Script } from './types.js';

export interface Token {
  /** Lower-case, accents stripped: what patterns are matched against. A pair of characters in Chinese or Japanese. */
  word: string;
  /** Offsets into the original text, to quote what matched. */
  start: number;
  end: number;
  /** Written with a capital first letter in the original text. */
  capitalised: boolean;
  /** Which clause of the text it sits in: a full stop, a semicolon, a question or exclamation mark or a line break starts a new one. */
  clause: number;
}

/**
 * Chinese and Japanese script, written without spaces between words, and Korean Hangul, written with
 * spaces but with particles joined to the word ("챗봇을", "the chatbot" as an object): all read as
 * overlapping pairs of characters, so "챗봇" is found inside "챗봇을" as "数据库" is inside "数据库里".
 */
export const CJK = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー\p{sc=Hangul}`;
const CJK_RUN = new RegExp(`^[${CJK}]+$`, 'v');
/** What ends a clause: negation and its scope never cross one. */
const CLAUSE_END = /[.;!?。；！？\n]/;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * Letters that are not a plain letter plus a mark, so NFKD leaves them: German ß, Polish ł, Turkish
 * dotless ı, Danish and Norwegian ø and æ. Folded by hand, so "płatność" reads as "platnosc".
 */
const PLAIN_LETTER: Record<string, string> = { ß: 'ss', ł: 'l', ı: 'i', ø: 'o', æ: 'ae' };
const LETTERS_WITHOUT_MARKS = /[ßłıøæ]/g;

/** Printable ASCII and line breaks, most text and every product name, need no Unicode normalisation. */
const PLAIN_ASCII = /^[\t\n\r\x20-\x7e]*$/;
/**
 * Lower-case with accents off and ß, ł … folded ("Café" → "cafe", "Straße" → "strasse"): how both the
 * description's words and the catalogue's names are compared.
 */
export const foldText = (text: string): string =>
  PLAIN_ASCII.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFKD')
        .replace(COMBINING_MARKS, '')
        .toLowerCase()
        .replace(LETTERS_WITHOUT_MARKS, (letter) => PLAIN_LETTER[letter] as string);

/** How a phrase quoted as a category's evidence is known in the weak list (learnWeakPhrases): category and folded text. */
export const weakPhraseKey = (category: string, quote: string): string => `${category}\t${foldText(quote)}`;

/** Lower-case letters and digits only: how names are compared ("Next.js" and "nextjs" are one name). */
export const compactName = (name: string): string =>
  foldText(name)
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

/** A product name as a pattern: "Next.js" → "next js", "Auth0" → "auth0". */
export const nameToPattern = (name: string): string =>
  foldText(name)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Whether a word is plain ASCII: in lower case it is then already in the form patterns are written in. */
const isAscii = (text: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
};

/** Whether the separators between two tokens end a clause (CLAUSE_END), read in place: a text has one per word. */
const endsClause = (text: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e || code === 0x3b || code === 0x21 || code === 0x3f || code === 0x0a) return true;
    if (code > 0x7f && CLAUSE_END.test(text[i] as string)) return true;
  }
  return false;
};

/**
 * Chinese and Japanese have no spaces between words: a run of their characters is read as its
 * overlapping pairs ("数据库" → "数据", "据库"), which lets a pattern match anywhere inside a run
 * without a dictionary. A lone character stays one token. Width variants are unified (NFKC).
 */
export const characterPairs = (run: string): string[] => {
  const chars = [...run];
  if (chars.length < 2) return chars.map((c) => c.normalize('NFKC'));
  return chars.slice(0, -1).map((c, i) => (c + chars[i + 1]).normalize('NFKC'));
};

export const tokenize = (text: string): Token[] => {
  if (PLAIN_ASCII.test(text)) return tokenizeAscii(text);
  const tokens: Token[] = [];
  // Lower-case the whole text once; a word that is plain ASCII then needs nothing more (most words of
  // most descriptions), the others are folded one by one. Offsets hold while lower-casing keeps length.
  const lower = text.toLowerCase();
  const sameOffsets = lower.length === text.length;
  let clause = 0;
  let previousEnd = 0;
  for (let i = 0; i < text.length; ) {
    const kind = kindAt(text, i);
    if (kind === SEPARATOR) {
      i += widthAt(text, i);
      continue;
    }
    // A run of one kind: a word of letters and digits, or a run of Chinese and Japanese characters.
    const start = i;
    while (i < text.length && kindAt(text, i) === kind) i += widthAt(text, i);
    if (endsClause(text, previousEnd, start)) clause += 1;
    previousEnd = i;
    if (kind === WORD_CHARACTER && sameOffsets && isAscii(text, start, i)) {
      tokens.push(asciiToken(text, lower, start, i, clause));
      continue;
    }
    const raw = text.slice(start, i);
    if (kind === CJK_CHARACTER) {
      // Offsets of each pair, counted in UTF-16 units of the original run.
      const chars = [...raw];
      let offset = start;
      characterPairs(raw).forEach((pair, k) => {
        const width = (chars[k] as string).length;
        tokens.push({ word: pair, start: offset, end: offset + width + (chars[k + 1]?.length ?? 0), capitalised: false, clause });
        offset += width;
      });
      continue;
    }
    const first = raw[0] ?? '';
    tokens.push({ word: foldText(raw), start, end: i, capitalised: first !== first.toLowerCase(), clause });
  }
  return tokens;
};

const SEPARATOR = 0;
const WORD_CHARACTER = 1;
const CJK_CHARACTER = 2;
type CharacterKind = typeof SEPARATOR | typeof WORD_CHARACTER | typeof CJK_CHARACTER;

const OTHER_WORD_CHAR = new RegExp(String.raw`^[[\p{L}\p{N}]--[${CJK}]]$`, 'v');
/** The kind of each non-ASCII character seen so far: a text uses few, each asked of the patterns once. */
const kinds = new Map<number, CharacterKind>();

/** What the character at `i` is: as the word pattern above reads it, by code point. */
const kindAt = (text: string, i: number): CharacterKind => {
  const code = text.charCodeAt(i);
  if (code < 0x80) return isAsciiWordCode(code) ? WORD_CHARACTER : SEPARATOR;
  const point = text.codePointAt(i) as number;
  let kind = kinds.get(point);
  if (kind === undefined) {
    const character = String.fromCodePoint(point);
    kind = CJK_RUN.test(character) ? CJK_CHARACTER : OTHER_WORD_CHAR.test(character) ? WORD_CHARACTER : SEPARATOR;
    kinds.set(point, kind);
  }
  return kind;
};

/** How many UTF-16 code units the character at `i` takes. */
const widthAt = (text: string, i: number): number =>
  text.charCodeAt(i) < 0xd800 ? 1 : (text.codePointAt(i) as number) > 0xffff ? 2 : 1;

/** Whether a token is written all in capitals in the text it came from ("LINE", not "Line" or "line"). */
export const writtenInCapitals = (text: string, token: Token): boolean => {
  const written = text.slice(token.start, token.end);
  return written.length > 1 && written === written.toUpperCase() && written !== written.toLowerCase();
};

/** A letter or digit of ASCII: what a word of plain ASCII text is made of. */
const isAsciiWordCode = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);

/** A word of plain ASCII letters and digits, from the text lower-cased whole: it needs no folding. */
const asciiToken = (text: string, lower: string, start: number, end: number, clause: number): Token => {
  const word = lower.slice(start, end);
  return { word, start, end, capitalised: text.charCodeAt(start) !== word.charCodeAt(0), clause };
};

/**
 * Most descriptions are plain ASCII: their words are runs of letters and digits, found by code unit
 * without the Unicode word pattern (or a match object per word, once a tenth of what a long reading
 * allocated).
 */
const tokenizeAscii = (text: string): Token[] => {
  const tokens: Token[] = [];
  const lower = text.toLowerCase();
  let clause = 0;
  let previousEnd = 0;
  for (let at = 0; at < text.length; ) {
    if (!isAsciiWordCode(text.charCodeAt(at))) {
      at += 1;
      continue;
    }
    const start = at;
    while (at < text.length && isAsciiWordCode(text.charCodeAt(at))) at += 1;
    const end = at;
    if (endsClause(text, previousEnd, start)) clause += 1;
    previousEnd = end;
    tokens.push(asciiToken(text, lower, start, end, clause));
  }
  return tokens;
};

/** Common characters written one way in Traditional Chinese and another in Simplified (們/们, 會/会 …). */
const TRADITIONAL_ONLY =
  /[們個這與體會為網統點資訊開發應號碼時間讓專業進書預還務產員數據庫實現門單訂圖對關係聯動購買賣場過車線]/g;
const SIMPLIFIED_ONLY = /[们个这与体会为网统点资讯开发应号码时间让专业进书预还务产员数据库实现门单订图对关系联动购买卖场过车线]/g;
const countOf = (text: string, characters: RegExp): number => text.match(characters)?.length ?? 0;

/** Letters that only Turkish spells with (ğ, ı, ş), and those only Polish does (ą, ę, ł, ń, ś, ź, ż, ć), among those we read. */
const TURKISH_LETTERS = /[ğış]/g;
const POLISH_LETTERS = /[ąęłńśźżć]/g;
/** Words that start in lower case: not names ("Łódź", "İzmir"), which any language quotes. */
const LOWER_CASE_WORDS = /(?<![\p{L}])\p{Ll}\p{L}*/gu;
/**
 * Share of a text's letters that are one language's own, in words that are not names, from which the text
 * is in that language: one in fifty, where Turkish or Polish prose has one in twenty or more.
 */
const OWN_LETTERS_SHARE = 0.02;
const OWN_LETTERS_AT_LEAST = 2;

/** The language whose own letters the text's words (not its names) are spelled with, if any. */
const spelledIn = (text: string, letters: number): Script | undefined => {
  const words = text.match(LOWER_CASE_WORDS)?.join(' ') ?? '';
  const enough = Math.max(OWN_LETTERS_AT_LEAST, OWN_LETTERS_SHARE * letters);
  if (countOf(words, TURKISH_LETTERS) >= enough) return 'turkish';
  if (countOf(words, POLISH_LETTERS) >= enough) return 'polish';
  return undefined;
};

/**
 * The script most of a text is written in, when it says something about the market it is for: Chinese
 * characters alone (`han`, or `hant` when more of them are Traditional than Simplified: Taiwan and Hong
 * Kong), with kana (`kana`: Japanese), Hangul, or Latin letters with those only Turkish or only Polish
 * use. Undefined for anything else. Counted by code unit in one pass (and, for Chinese or for letters
 * beyond ASCII, one more for the characters that tell them apart): near enough for "most of the text",
 * and cheap for a long one.
 */
export const scriptOf = (text: string): Script | undefined => {
  let letters = 0;
  let han = 0;
  let kana = 0;
  let hangul = 0;
  let beyondAscii = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) letters += 1;
    } else if (code < 0x2000) {
      letters += 1;
      beyondAscii += 1;
    } else if (code >= 0x3040 && code <= 0x30ff) kana += 1;
    else if ((code >= 0x3400 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff)) han += 1;
    else if ((code >= 0xac00 && code <= 0xd7af) || (code >= 0x1100 && code <= 0x11ff)) hangul += 1;
  }
  const all = letters + han + kana + hangul;
  // Mostly: a Latin-script text quoting a product's Chinese name is not written in Chinese.
  if (han + kana >= 0.3 * all) {
    if (kana >= 0.05 * (han + kana)) return 'kana';
    // Traditional characters are written in Taiwan and Hong Kong, not on the mainland.
    return countOf(text, TRADITIONAL_ONLY) > countOf(text, SIMPLIFIED_ONLY) ? 'hant' : 'han';
  }
  if (hangul >= 0.3 * all) return 'hangul';
  return beyondAscii < OWN_LETTERS_AT_LEAST ? undefined : spelledIn(text, letters);
};

/**
 * How much of a word a token is: two Chinese, Japanese or Korean characters make one word (tokenize
 * reads them as pairs), so a span stated in words ("within 8") reaches as far in "系统自动识别" as in
 * "the system recognises".
 */
export const wordsOf = (token: Token): number => (token.word.charCodeAt(0) >= 0x2e80 && CJK_RUN.test(token.word) ? 0.5 : 1);

/** How many words tokens `from` (inclusive) to `to` (exclusive) make (wordsOf). */
export const wordsIn = (tokens: readonly Token[], from: number, to: number): number => {
  let words = 0;
  for (let k = from; k < to; k++) words += wordsOf(tokens[k] as Token);
  return words;
};

/** How many words a text has, counting two Chinese, Japanese or Korean characters as one word. */
export const wordCountOf = (tokens: readonly Token[]): number => Math.ceil(wordsIn(tokens, 0, tokens.length));

/**
 * Patterns as plain, JSON-ready tables. Phrases are keyed by their exact first word, or, when the first
 * word is a prefix (`word*`), by the prefix's first three letters (every prefix has at least three).
 * Each key holds its phrases as one string, entries joined by ";": `rest words|owner,owner` (and
 * `prefix|rest words|owner` in byPrefix); owners are positions in the owner list the index is given.
 * Strings rather than nested arrays: JSON.parse makes a few thousand strings instead of tens of
 * thousands of small arrays, which is most of what a cold start costs.
 */
export interface PhraseTables {
  byWord: Record<string, string>;
  byPrefix: Record<string, string>;
}

/** Where a PhraseIndex finds a table entry: in tables held in memory, or in the packed catalogue file. */
export interface PhraseSource {
  /** The phrases a word starts, encoded as in `byWord`; undefined when the catalogue has none. */
  word(word: string): string | undefined;
  /** The prefix phrases whose first three letters are `bucket`, encoded as in `byPrefix`. */
  prefix(bucket: string): string | undefined;
}

/** Tables held in memory (tests, and the compiler's own checks) as a PhraseSource. */
export const tablesSource = ({ byWord, byPrefix }: PhraseTables): PhraseSource => ({
  word: (word) => (Object.hasOwn(byWord, word) ? byWord[word] : undefined),
  prefix: (bucket) => (Object.hasOwn(byPrefix, bucket) ? byPrefix[bucket] : undefined),
});

const BUCKET = 3;

const WORD_PATTERN = new RegExp(String.raw`^([a-z0-9]+|[a-z0-9]{3,}\*|_|[${CJK}]{2,})$`, 'v');

/**
 * Whether a pattern is written in the syntax above: canonical (lower case, single spaces) and starting
 * with a word. Checked over the whole catalogue by its tests.
 */
export const isValidPattern = (pattern: string): boolean => {
  const words = pattern.split(' ');
  return words[0] !== '_' && words.every((w) => WORD_PATTERN.test(w));
};

/** Adds `value` to the list under `key`, creating it. */
const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** A pattern as the tokens it matches: Chinese and Japanese words become their character pairs. */
export const patternTokens = (pattern: string): string =>
  pattern
    .split(' ')
    .flatMap((word) => (CJK_RUN.test(word) ? characterPairs(word) : [word]))
    .join(' ');

/**
 * Compiles (pattern, owner) pairs into phrase tables. A pattern given twice is one phrase with both
 * owners (a phrase can be a signal and a keyword at once). Runs at build time, not at cold start.
 */
export const compilePhrases = (entries: Iterable<readonly [pattern: string, owner: number]>): PhraseTables => {
  const phrases = new Map<string, { owners: number[] }>();
  for (const [written, owner] of entries) {
    const pattern = patternTokens(written);
    const known = phrases.get(pattern);
    if (!known) phrases.set(pattern, { owners: [owner] });
    else if (!known.owners.includes(owner)) known.owners.push(owner);
  }
  const byWord = new Map<string, string[]>();
  const byPrefix = new Map<string, string[]>();
  for (const [pattern, { owners }] of phrases) {
    const [first = '', ...rest] = pattern.split(' ');
    const entry = `${rest.join(' ')}|${owners.join(',')}`;
    if (first.endsWith('*')) push(byPrefix, first.slice(0, BUCKET), `${first.slice(0, -1)}|${entry}`);
    else push(byWord, first, entry);
  }
  const join = (table: Map<string, string[]>) => Object.fromEntries([...table].map(([key, list]) => [key, list.join(';')]));
  return { byWord: join(byWord), byPrefix: join(byPrefix) };
};

/** Which pattern matched: the same object wherever in the text, or in any text, the pattern matches. */
/** A phrase's number, unique within its index: readers keep per-phrase state in arrays by it. */
export type PhraseKey = number;

export interface PhraseHit<T> {
  /** Everything the matched pattern stands for (a phrase can be a signal and a keyword at once), as `resolve` made it. */
  meaning: T;
  phrase: PhraseKey;
  /** Index of the first and one past the last token of the hit. */
  from: number;
  to: number;
}

/** One word of a pattern, decoded once: an exact word, a prefix, or any word. */
interface PatternWord {
  written: string;
  exact?: string;
  prefix?: string;
}

const toPatternWord = (written: string): PatternWord =>
  written === '_' ? { written } : written.endsWith('*') ? { written, prefix: written.slice(0, -1) } : { written, exact: written };

/** One word of a pattern against one word of the text. */
const matchesWord = (pattern: PatternWord, word: string): boolean =>
  pattern.exact !== undefined ? pattern.exact === word : pattern.prefix === undefined || word.startsWith(pattern.prefix);

interface Phrase {
  id: PhraseKey;
  /** The words after the first. */
  rest: readonly PatternWord[];
  owners: readonly number[];
  /** What hits of it report, resolved the first time it matches. */
  resolved: unknown;
}

/** The phrases one word of text can start: those any next word may continue, and those keyed by their exact second word. */
/**
 * The phrases one word of text can start, keyed by what they need of the next words, so a scan tries
 * only those that can fit: common words ("customers", "online") start hundreds of phrases.
 */
interface Candidates {
  /** Phrases of one word, or whose next words no key covers: tried at every occurrence. */
  any: Phrase[];
  /** By their exact second word. */
  bySecondWord: Map<string, Phrase[]>;
  /** "customers _ pix": by the exact word after a one-word gap. */
  byWordAfterGap: Map<string, Phrase[]>;
  /** "online shop*": by the first letters of their second word, a prefix. */
  bySecondWordStart: Map<string, Phrase[]>;
}

interface PrefixPhrase extends Phrase {
  prefix: string;
}

const NO_PHRASES: readonly never[] = [];

/** How many distinct words of text the index remembers the candidate phrases of. */
const CANDIDATE_CACHE_WORDS = 20_000;

const decodePhrase = (id: PhraseKey, rest: string, owners: string): Phrase => ({
  id,
  rest: rest ? rest.split(' ').map(toPatternWord) : [],
  owners: owners.split(',').map(Number),
  resolved: undefined,
});

/**
 * Compiled phrase tables ready to scan: a few look-ups per word of text, whatever the size of the
 * catalogue. A table entry is decoded the first time a description has its word, then kept; so are a
 * phrase's owners, the first time it matches.
 */
export class PhraseIndex<O, T> {
  private readonly words = new Map<string, readonly Phrase[]>();
  private readonly prefixes = new Map<string, readonly PrefixPhrase[]>();
  private readonly candidates = new Map<string, Candidates>();
  private phrasesDecoded = 0;

  /**
   * `ownerAt` gives an owner by its number; `resolve` turns a phrase's owners into what hits report,
   * once per phrase and only when it matches (so it may also merge several owners into one).
   */
  constructor(
    private readonly source: PhraseSource,
    private readonly ownerAt: (owner: number) => O,
    private readonly resolve: (owners: readonly O[]) => T,
  ) {}

  private phrasesStartingWith(word: string): readonly Phrase[] {
    let found = this.words.get(word);
    if (found) return found;
    // Only the catalogue's own words are kept: the words of descriptions are unbounded.
    const encoded = this.source.word(word);
    if (encoded === undefined) return NO_PHRASES;
    found = encoded.split(';').map((entry) => {
      const [rest = '', owners = ''] = entry.split('|');
      return decodePhrase(this.phrasesDecoded++, rest, owners);
    });
    this.words.set(word, found);
    return found;
  }

  private phrasesInBucket(bucket: string): readonly PrefixPhrase[] {
    let found = this.prefixes.get(bucket);
    if (found) return found;
    const encoded = this.source.prefix(bucket);
    if (encoded === undefined) return NO_PHRASES;
    found = encoded.split(';').map((entry) => {
      const [prefix = '', rest = '', owners = ''] = entry.split('|');
      return { prefix, ...decodePhrase(this.phrasesDecoded++, rest, owners) };
    });
    this.prefixes.set(bucket, found);
    return found;
  }

  /**
   * Every phrase a word can start (its exact-word phrases and the prefix phrases it fits), split so a
   * scan tries only those whose second word is the text's next word: common words ("on", "in") start
   * dozens of phrases.
   */
  private candidatesFor(word: string): Candidates {
    let found = this.candidates.get(word);
    if (found) return found;
    const prefixed =
      word.length < BUCKET ? NO_PHRASES : this.phrasesInBucket(word.slice(0, BUCKET)).filter((p) => word.startsWith(p.prefix));
    found = { any: [], bySecondWord: new Map(), byWordAfterGap: new Map(), bySecondWordStart: new Map() };
    for (const phrase of [...this.phrasesStartingWith(word), ...prefixed]) {
      const [second, third] = phrase.rest;
      if (second?.exact !== undefined) push(found.bySecondWord, second.exact, phrase);
      else if (second?.prefix !== undefined) push(found.bySecondWordStart, second.prefix.slice(0, BUCKET), phrase);
      else if (second !== undefined && third?.exact !== undefined) push(found.byWordAfterGap, third.exact, phrase);
      else found.any.push(phrase);
    }
    // Words of descriptions are unbounded: forget them all now and then rather than grow for ever.
    if (this.candidates.size >= CANDIDATE_CACHE_WORDS) this.candidates.clear();
    this.candidates.set(word, found);
    return found;
  }

  /** Calls `visit` for every occurrence of every pattern in the tokens, in text order. */
  scan(tokens: readonly Token[], visit: (hit: PhraseHit<T>) => void): void {
    const tryAll = (phrases: readonly Phrase[] | undefined, at: number) => {
      if (phrases) for (const phrase of phrases) this.match(phrase, tokens, at, visit);
    };
    for (let i = 0; i < tokens.length; i++) {
      const { any, bySecondWord, byWordAfterGap, bySecondWordStart } = this.candidatesFor((tokens[i] as Token).word);
      tryAll(any, i);
      const second = tokens[i + 1]?.word;
      if (second === undefined) continue;
      if (bySecondWord.size > 0) tryAll(bySecondWord.get(second), i);
      if (bySecondWordStart.size > 0) tryAll(bySecondWordStart.get(second.slice(0, BUCKET)), i);
      const third = tokens[i + 2]?.word;
      if (third !== undefined && byWordAfterGap.size > 0) tryAll(byWordAfterGap.get(third), i);
    }
  }

  /** Matches the rest of one phrase whose first word matched at `at`. */
  private match(phrase: Phrase, tokens: readonly Token[], at: number, visit: (hit: PhraseHit<T>) => void): void {
    const { rest, owners } = phrase;
    const end = at + 1 + rest.length;
    if (end > tokens.length) return;
    for (let k = 0; k < rest.length; k++) {
      if (!matchesWord(rest[k] as PatternWord, (tokens[at + 1 + k] as Token).word)) return;
    }
    phrase.resolved ??= this.resolve(owners.map(this.ownerAt));
    visit({ meaning: phrase.resolved as T, phrase: phrase.id, from: at, to: end });
  }
}
