/**
 * Reads a description once and says what the project needs: a score and the quoted evidence for each
 * category, the providers it names, the keywords that fit providers, and the constraints it states.
 */
import type { CategoryId } from '../../category-ids.js';
import { type IndexedProvider, type Owner, phraseIndex } from './catalog.js';
import { AFFINITIES, type AppShape, type Constraint, NEGATIONS } from './lexicon.js';
import { type PhraseHit, type PhraseKey, type Token, tokenize } from './text.js';
import { STRONG_SIGNAL, WEAK_SIGNAL } from './types.js';

export interface CategoryNeed {
  score: number;
  /** Score from the description's own words, as opposed to what its app shape implies. */
  direct: number;
  /** Phrases of the description that point at the category, as written. */
  evidence: string[];
  /** App shapes and other needs that imply the category ("marketplace", "payments"). */
  impliedBy: string[];
}

export interface Profile {
  wordCount: number;
  needs: Map<CategoryId, CategoryNeed>;
  /** Providers the description names, by catalogue id, with the position of their first mention. */
  mentioned: Map<string, number>;
  /** Distinct keyword patterns that matched, per provider id. */
  keywordHits: Map<string, number>;
  constraints: Map<Constraint, 'require' | 'prefer'>;
  shapes: Set<string>;
}

const NEGATION_WINDOW = 2;

const isNegated = (tokens: readonly Token[], from: number): boolean => {
  for (let k = Math.max(0, from - NEGATION_WINDOW); k < from; k++) {
    if (NEGATIONS.has((tokens[k] as Token).word)) return true;
  }
  return false;
};

export const readProfile = (description: string): Profile => {
  const tokens = tokenize(description);
  const profile: Profile = {
    wordCount: tokens.length,
    needs: new Map(),
    mentioned: new Map(),
    keywordHits: new Map(),
    constraints: new Map(),
    shapes: new Set(),
  };
  const quote = (hit: PhraseHit<Owner>) =>
    description.slice((tokens[hit.from] as Token).start, (tokens[hit.to - 1] as Token).end);
  const need = (category: CategoryId): CategoryNeed => {
    let found = profile.needs.get(category);
    if (!found) {
      found = { score: 0, direct: 0, evidence: [], impliedBy: [] };
      profile.needs.set(category, found);
    }
    return found;
  };
  const shapeHits = new Set<AppShape>();
  /** Per category, the signal weight each token has already contributed. */
  const signalWeightAt = new Map<CategoryId, Map<number, number>>();
  /** Patterns already counted: each counts once, at its first occurrence that is not negated. */
  const counted = new Set<PhraseKey>();
  /** Patterns counted except for a common-word name seen only in lower case so far. */
  const countedButMention = new Set<PhraseKey>();
  /** Mentions grouped by where they sit: one name listed under several categories is weaker evidence for each. */
  const mentionsAt = new Map<string, { quote: string; providers: IndexedProvider[] }>();

  const visit = (hit: PhraseHit<Owner>): void => {
    if (isNegated(tokens, hit.from)) return;
    // A common-word name written in lower case ("render") is no mention; a later "Render" may still be.
    let countedHere = true;
    const mentionsOnly = countedButMention.has(hit.phrase);
    for (const owner of hit.owners) {
      if (mentionsOnly && owner.kind !== 'mention') continue;
      switch (owner.kind) {
        case 'signal': {
          // Overlapping patterns of one category ("automat*" and "automatically") are one piece of
          // evidence: the words they share count once, at the strongest weight among them.
          const weights = signalWeightAt.get(owner.category) ?? new Map<number, number>();
          signalWeightAt.set(owner.category, weights);
          let already = 0;
          for (let k = hit.from; k < hit.to; k++) already = Math.max(already, weights.get(k) ?? 0);
          if (owner.weight <= already) break;
          for (let k = hit.from; k < hit.to; k++) weights.set(k, owner.weight);
          const n = need(owner.category);
          n.score += owner.weight - already;
          n.direct += owner.weight - already;
          const text = quote(hit);
          if (!n.evidence.includes(text)) n.evidence.push(text);
          break;
        }
        case 'keyword': {
          const id = owner.provider.id;
          profile.keywordHits.set(id, (profile.keywordHits.get(id) ?? 0) + 1);
          break;
        }
        case 'mention': {
          const first = tokens[hit.from] as Token;
          if (owner.needsCapital && (!first.capitalised || hit.from === 0)) {
            countedHere = false;
            break;
          }
          if (!profile.mentioned.has(owner.provider.id)) profile.mentioned.set(owner.provider.id, hit.from);
          const at = `${hit.from}-${hit.to}`;
          const group = mentionsAt.get(at) ?? { quote: quote(hit), providers: [] };
          group.providers.push(owner.provider);
          mentionsAt.set(at, group);
          break;
        }
        case 'shape': {
          shapeHits.add(owner.shape);
          break;
        }
        case 'constraint': {
          if (profile.constraints.get(owner.constraint) !== 'require') profile.constraints.set(owner.constraint, owner.strength);
          break;
        }
      }
    }
    if (countedHere) counted.add(hit.phrase);
    else countedButMention.add(hit.phrase);
  };
  phraseIndex.scan(tokens, visit, (phrase) => !counted.has(phrase));

  // Naming a product is a hint, not a need: "a dashboard over our Shopify sales" needs no new shop.
  const mentionedCategories = new Set<string>();
  const namedCategories = new Set<CategoryId>();
  for (const { quote: text, providers } of mentionsAt.values()) {
    const categories = new Set(providers.map((p) => p.category));
    for (const category of categories) {
      namedCategories.add(category);
      // A product named twice, or under two spellings, is still one piece of evidence.
      const key = `${category}|${text.toLowerCase()}`;
      if (mentionedCategories.has(key)) continue;
      mentionedCategories.add(key);
      const n = need(category);
      n.score += WEAK_SIGNAL;
      n.direct += WEAK_SIGNAL;
      if (!n.evidence.includes(text)) n.evidence.push(text);
    }
  }
  for (const shape of shapeHits) profile.shapes.add(shape.name);
  for (const shape of shapeHits) {
    if (shape.unless?.some((other) => profile.shapes.has(other)) || shape.unlessNamed?.some((c) => namedCategories.has(c))) {
      profile.shapes.delete(shape.name);
      continue;
    }
    for (const [category, weight] of Object.entries(shape.implies) as [CategoryId, number][]) {
      const n = need(category);
      n.score += weight;
      if (!n.impliedBy.includes(shape.name)) n.impliedBy.push(shape.name);
    }
  }

  // Related needs, from what the description itself asks for (not from its shape, so nothing cascades).
  const shown = [...profile.needs.entries()].filter(([, n]) => n.direct >= STRONG_SIGNAL).map(([id]) => id);
  for (const category of shown) {
    for (const [related, weight] of Object.entries(AFFINITIES[category] ?? {}) as [CategoryId, number][]) {
      const n = need(related);
      n.score += weight;
      n.impliedBy.push(category);
    }
  }

  // Nearly every product keeps data of its own; a request only about tooling (pipelines, clusters,
  // monitoring, tests, flags, security) does not, unless the text says so.
  const aboutProduct = shown.some((id) => !TOOLING.has(id)) || profile.shapes.size > 0 || shown.length === 0;
  if (aboutProduct) {
    const n = need('database');
    n.score += DATABASE_PRIOR;
    if (!n.impliedBy.includes('most products')) n.impliedBy.push('most products');
  }
  return profile;
};

/**
 * Across our 230 labelled descriptions a database is required in ~60% and acceptable in ~95%: one
 * more hint of stored data (a user, an order, a booking) is then enough to include it.
 */
const DATABASE_PRIOR = WEAK_SIGNAL;
const TOOLING: ReadonlySet<CategoryId> = new Set(['cicd', 'infrastructure', 'monitoring', 'testing', 'flags', 'security']);
