/**
 * Orders the providers of one category by fit to the description and to the constraints it states.
 * Pure and deterministic: equal scores fall back to popularity, then to the catalogue's own order.
 */
import type { CategoryId } from '../../category-ids.js';
import { type IndexedProvider, providersIn } from './catalog.js';
import type { Profile } from './profile.js';
import type { ProviderTraits } from './types.js';

const KEYWORD_WEIGHT = 2.5;
const MENTION_BONUS = 1_000;
const REQUIRED_VENDOR_BONUS = 40;
const PREFERRED_VENDOR_BONUS = 6;
const FREE_TIER_BONUS = 8;
const OPEN_SOURCE_BONUS = 4;
const SSO_BONUS = 12;
const MOBILE_BONUS = 4;

export interface RankedCategory {
  providers: IndexedProvider[];
  /** Constraints the ranking honoured, or could not honour, in words for the category's reason. */
  notes: string[];
}

const VENDOR_CONSTRAINTS = ['aws', 'gcp', 'azure', 'cloudflare'] as const;
const VENDOR_LABEL = { aws: 'AWS', gcp: 'Google Cloud', azure: 'Azure', cloudflare: 'Cloudflare' } as const;

/**
 * A hard filter that gives way when nothing in the category passes it, saying so. Providers the
 * description names are kept whatever the filter says: "we already use X" wins.
 */
const filterOrExplain = (
  providers: IndexedProvider[],
  keep: (traits: ProviderTraits) => boolean,
  named: (provider: IndexedProvider) => boolean,
  honoured: string,
  unmet: string,
  notes: string[],
): IndexedProvider[] => {
  const passes = providers.some((p) => keep(p.entry.traits));
  notes.push(passes ? honoured : unmet);
  return passes ? providers.filter((p) => keep(p.entry.traits) || named(p)) : providers;
};

export const rankProviders = (category: CategoryId, profile: Profile): RankedCategory => {
  const { constraints } = profile;
  const notes: string[] = [];
  let candidates = [...providersIn(category)];

  const named = (p: IndexedProvider) => profile.mentioned.has(p.id);
  if (constraints.get('selfHosted') === 'require') {
    candidates = filterOrExplain(
      candidates,
      (t) => t.selfHostable && t.openSource,
      named,
      'self-hostable open source only',
      'no self-hostable open-source option fits here, so these are the closest',
      notes,
    );
  }
  if (constraints.get('eu') === 'require') {
    candidates = filterOrExplain(
      candidates,
      (t) => t.euResidency,
      named,
      'EU data residency',
      'none offers EU data residency',
      notes,
    );
  }

  const score = (p: IndexedProvider): number => {
    const { traits, popularity, id } = p.entry;
    let s = popularity + KEYWORD_WEIGHT * (profile.keywordHits.get(id) ?? 0);
    const mentionedAt = profile.mentioned.get(id);
    if (mentionedAt !== undefined) s += MENTION_BONUS - mentionedAt;
    for (const vendor of VENDOR_CONSTRAINTS) {
      const strength = constraints.get(vendor);
      if (strength && traits.vendor === vendor) s += strength === 'require' ? REQUIRED_VENDOR_BONUS : PREFERRED_VENDOR_BONUS;
    }
    if (constraints.has('zeroBudget'))
      s += (traits.freeTier ? FREE_TIER_BONUS : 0) + (traits.openSource ? OPEN_SOURCE_BONUS / 2 : 0);
    if (constraints.has('openSource') && traits.openSource) s += OPEN_SOURCE_BONUS;
    if (constraints.has('eu') && traits.euResidency) s += OPEN_SOURCE_BONUS / 2;
    if (constraints.get('sso') && traits.enterpriseSso) s += SSO_BONUS;
    if (profile.shapes.has('mobile app') && traits.platforms.includes('mobile')) s += MOBILE_BONUS;
    return s;
  };

  for (const vendor of VENDOR_CONSTRAINTS) {
    if (constraints.get(vendor) !== 'require') continue;
    const has = candidates.some((p) => p.entry.traits.vendor === vendor);
    notes.push(
      has ? `${VENDOR_LABEL[vendor]} services first` : `no ${VENDOR_LABEL[vendor]} service here, so the best alternatives`,
    );
  }
  if (constraints.has('zeroBudget')) notes.push('free tiers first');
  if (constraints.has('sso') && candidates.some((p) => p.entry.traits.enterpriseSso)) notes.push('enterprise SSO first');

  const scored = candidates.map((p, order) => ({ p, order, s: score(p) }));
  scored.sort((a, b) => b.s - a.s || b.p.entry.popularity - a.p.entry.popularity || a.order - b.order);
  return { providers: scored.map((x) => x.p), notes };
};
