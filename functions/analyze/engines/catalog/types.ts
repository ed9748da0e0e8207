import type { CategoryId } from '../../category-ids.js';

/**
 * Catalogue data types. Text patterns (in `signals`, `keywords` and `aliases`) share one syntax,
 * matched against the description after lower-casing and stripping accents, word by word:
 *   - words separated by single spaces, lower-case ASCII letters and digits only ("get paid", "next js");
 *   - a word ending in `*` matches any word starting with it ("subscri*" matches "subscriptions");
 *     the part before `*` has at least 3 characters;
 *   - a word `_` matches exactly one arbitrary word ("follow _ walk").
 * Punctuation in the description splits words, so "Next.js" is the two words "next js" and "e-mail" is "e mail".
 */
export type Pattern = string;

/** The cloud a provider belongs to, for "AWS only" style constraints; `independent` for everyone else. */
export type Vendor = 'aws' | 'gcp' | 'azure' | 'cloudflare' | 'independent';

export type Platform = 'web' | 'mobile' | 'server' | 'desktop';

export interface ProviderTraits {
  /** The core product's source is under an OSI licence. */
  openSource: boolean;
  /** You can run it on your own servers (a self-hosted edition counts). */
  selfHostable: boolean;
  vendor: Vendor;
  /** Data can be kept in the EU (an EU region or an EU-only plan). */
  euResidency: boolean;
  /** A permanent free tier or a free open-source edition; a trial alone does not count. */
  freeTier: boolean;
  /** Where it runs or which SDKs it ships: `mobile` means native iOS/Android SDKs or apps. */
  platforms: readonly Platform[];
  /** Offers enterprise SSO (SAML/OIDC federation) to the end users of the app. Meaningful in `auth`. */
  enterpriseSso?: boolean;
}

export interface CatalogProvider {
  /** Unique across the catalogue, kebab-case: "stripe", "aws-lambda", "supabase-auth". */
  id: string;
  /** The product's own name as its makers write it. */
  name: string;
  /** Canonical https home page on the provider's own domain, no tracking parameters. */
  website: string;
  /** One sentence of our own, ending with a full stop. */
  description: string;
  /** 2 to 5 short phrases, each a situation where it is the right pick. */
  bestUseCases: readonly string[];
  /** Phrases that signal a project this provider suits particularly well ("payouts", "merchant of record"). */
  keywords: readonly Pattern[];
  /**
   * Other ways people write its name, matched as whole words: product names, short forms, common
   * misspellings ("stripe connect", "postgress"). Never ordinary English words.
   */
  aliases: readonly Pattern[];
  /**
   * Set when the name itself is an ordinary word ("Express", "Render", "Stream"): the name then counts
   * as a mention only when written with a capital letter; aliases still count as usual.
   */
  nameIsCommonWord?: boolean;
  /** 1..10: how safe a default pick it is for most teams (adoption, maturity, docs). */
  popularity: number;
  traits: ProviderTraits;
}

export interface CategoryData {
  id: CategoryId;
  /**
   * Phrases that show the project needs this category, including phrasing that names no technology
   * ("get paid weekly" → payments) and common terms in Spanish, German, French and Portuguese.
   * `strong`: enough on its own. `weak`: a hint that counts only together with another.
   */
  signals: { strong: readonly Pattern[]; weak: readonly Pattern[] };
  providers: readonly CatalogProvider[];
}

/** What one matched signal adds to its category's score: a strong one is enough to select it. */
export const STRONG_SIGNAL = 2;
export const WEAK_SIGNAL = 1;

/** What the running engine keeps of a provider: the patterns live in the compiled phrase index instead. */
export type ProviderFacts = Omit<CatalogProvider, 'keywords' | 'aliases' | 'nameIsCommonWord'>;
