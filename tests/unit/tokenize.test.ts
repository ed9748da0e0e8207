/**
 * Tokenising: what every reading starts from. Words are compared folded (lower case, accents off),
 * quoted from their offsets, and negation never reaches past the end of a clause, in any script.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CJK, foldText, tokenize } from '../../functions/analyze/catalog/text.js';

/** Chinese, Japanese and Korean words are character pairs, which overlap. */
const CJK_CHARACTER = new RegExp(`[${CJK}]`, 'v');
const words = (text: string) => tokenize(text).map((t) => t.word);
const clauses = (text: string) => tokenize(text).map((t) => t.clause);

describe('tokenize', () => {
  it('folds case, accents and ß, and keeps where each word was written', () => {
    const text = 'Café in der Straße. ÉCOLE';
    expect(words(text)).toEqual(['cafe', 'in', 'der', 'strasse', 'ecole']);
    expect(tokenize(text).map((t) => text.slice(t.start, t.end))).toEqual(['Café', 'in', 'der', 'Straße', 'ÉCOLE']);
    expect(tokenize(text).map((t) => t.capitalised)).toEqual([true, false, false, true, true]);
  });

  it('starts a clause at full stops, semicolons, question and exclamation marks and line breaks, in every script', () => {
    expect(clauses('no payments. search; maps? chat! video\nauth')).toEqual([0, 0, 1, 2, 3, 4, 5]);
    expect(clauses('不要支付。需要搜索！地图')).toEqual([0, 0, 0, 1, 1, 1, 2]);
    expect(clauses('Zahlungen — nein, aber Suche')).toEqual([0, 0, 0, 0]);
  });

  it('reads Chinese and Japanese runs as overlapping character pairs, quoting each pair', () => {
    const text = 'app 数据库 ok';
    expect(words(text)).toEqual(['app', '数据', '据库', 'ok']);
    expect(tokenize(text).map((t) => text.slice(t.start, t.end))).toEqual(['app', '数据', '据库', 'ok']);
  });

  it('folds the letters accents cannot explain: Polish ł, Turkish ı, Norwegian ø and æ', () => {
    expect(words('Płatność kartą, ÖDEME ışık, Søknad, Lærer')).toEqual([
      'platnosc',
      'karta',
      'odeme',
      'isik',
      'soknad',
      'laerer',
    ]);
  });

  it('reads Korean as character pairs too, so a word is found with its particle joined on', () => {
    expect(words('챗봇을 만들고')).toEqual(['챗봇', '봇을', '만들', '들고']);
  });

  it('keeps offsets right around characters outside the basic plane', () => {
    const text = '😀 Emoji 𝐀 next';
    expect(tokenize(text).map((t) => text.slice(t.start, t.end))).toEqual(['Emoji', '𝐀', 'next']);
  });

  it('gives, for any text, words in order that quote back to themselves, with clauses that never go back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        const tokens = tokenize(text);
        let end = 0;
        let clause = 0;
        for (const token of tokens) {
          expect(token.word).not.toBe('');
          expect(token.clause).toBeGreaterThanOrEqual(clause);
          if (!CJK_CHARACTER.test(token.word)) {
            expect(token.start).toBeGreaterThanOrEqual(end);
            expect(foldText(text.slice(token.start, token.end))).toBe(token.word);
            end = token.end;
          }
          clause = token.clause;
        }
      }),
    );
  });
});
