import type { CategoryId } from '../category-ids.js';

/**
 * Catalogue data types. Text patterns (signals, capability signals, vetoes, keywords, aliases,
 * archetypes, constraints) share one syntax, matched against the description after lower-casing and
 * stripping accents, word by word:
 *   - words separated by single spaces, lower-case ASCII letters and digits only ("get paid", "next js");
 *   - a word ending in `*` matches any word starting with it ("subscri*" matches "subscriptions");
 *     the part before `*` has at least 3 characters;
 *   - a word `_` matches exactly one arbitrary word ("follow _ walk");
 *   - Chinese and Japanese are written as they are ("支付", "電子署名", "データベース"): the text and the
 *     pattern are both read as overlapping pairs of characters, so a pattern matches inside longer runs
 *     of text without word breaks. Such a pattern needs at least two characters.
 * Punctuation in the description splits words, so "Next.js" is the two words "next js" and "e-mail" is "e mail".
 */
export type Pattern = string;

/** The cloud a provider belongs to, for "AWS only" style constraints; `independent` for everyone else. */
export type Vendor = 'aws' | 'gcp' | 'azure' | 'cloudflare' | 'independent';

export type Platform = 'web' | 'mobile' | 'server' | 'desktop';

/**
 * Markets with providers of their own, which a team building for them expects: payments people there
 * use (Pix, UPI, WeChat Pay), their messengers (LINE, KakaoTalk), maps that work there (Amap), local
 * clouds. `cn` mainland China, `jp` Japan, `kr` South Korea, `in` India, `sea` Southeast Asia, `br`
 * Brazil, `latam` Latin America, `africa` Africa, `mena` the Middle East and North Africa, `tr` Türkiye,
 * `pl` Poland.
 */
export const MARKETS = [
  ...['cn', 'jp', 'kr', 'in', 'sea', 'br', 'latam', 'africa', 'mena', 'tr', 'pl'],
  // Countries that matter for one category only: their citizens' national e-ID.
  ...['de', 'fr', 'it', 'es', 'pt', 'nl', 'be', 'se', 'dk', 'uk', 'us'],
] as const;
export type Market = (typeof MARKETS)[number];

export interface ProviderTraits {
  /** The core product's source is under an OSI licence. */
  openSource: boolean;
  /** You can run it on your own servers (a self-hosted edition counts; a library always can). */
  selfHostable: boolean;
  /** Its makers (or its cloud) run it for you as a hosted service: nothing for you to operate. */
  managed: boolean;
  /** Code you put inside your own application (a framework, an SDK, a library) rather than a system you run or rent. */
  library?: boolean;
  vendor: Vendor;
  /** Data can be kept in the EU (an EU region or an EU-only plan), or it is software you run wherever you like. */
  euResidency: boolean;
  /** Made by a company based in the EU (or EEA/Switzerland), so no non-EU law reaches the data it holds. */
  euCompany?: boolean;
  /** A permanent free tier or a free open-source edition; a trial alone does not count. */
  freeTier: boolean;
  /** Where it runs or which SDKs it ships: `mobile` means native iOS/Android SDKs or apps. */
  platforms: readonly Platform[];
  /** Offers enterprise SSO (SAML/OIDC federation) to the end users of the app. Meaningful in `auth`. */
  enterpriseSso?: boolean;
  /** The vendor signs a HIPAA business associate agreement for this service (or it is software you run yourself). */
  hipaa?: boolean;
  /**
   * Markets where it is a local default people there expect (made there, or the way people there pay,
   * message or find places); absent for a provider that is simply available everywhere.
   */
  markets?: readonly Market[];
}

export type TraitName = Exclude<keyof ProviderTraits, 'vendor' | 'platforms' | 'markets'>;

/**
 * A test on a provider's traits: every field given must hold (a missing optional trait counts as
 * false; `vendor` lists the vendors that pass; `markets` passes a provider serving any of them).
 */
export type TraitTest = Partial<Record<TraitName, boolean>> & { vendor?: readonly Vendor[]; markets?: readonly Market[] };

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
  /** The jobs it does: ids of its category's capabilities, the one it is best known for first. */
  capabilities: readonly string[];
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
  /**
   * Names that are ordinary words unless written all in capitals ("LINE", the Japanese messenger, not a
   * line of text): they count only when written so.
   */
  aliasesInCapitals?: readonly Pattern[];
  /** 1..10: how safe a default pick it is for most teams (adoption, maturity, docs). */
  popularity: number;
  traits: ProviderTraits;
  /**
   * The platform it is part of, in lower case, when its name does not say so ("firebase" for Cloud
   * Firestore): naming the platform names it, leaving the platform leaves it.
   */
  partOf?: string;
  /**
   * The software of this category it runs for you as a managed service, by provider id (Amazon RDS
   * runs PostgreSQL and MySQL): a team that names that software under a constraint it fails ("AWS
   * only … Postgres") gets this service first and the software next.
   */
  runs?: readonly string[];
}

/**
 * One distinct job a category's providers do (documents: PDF generation, e-signature, OCR). A
 * provider that does not do the job the description asks for never ranks above one that does.
 */
export interface Capability {
  /** Kebab-case, unique within its category: "pdf-generation". */
  id: string;
  /** How a reason names the job: "PDF generation". */
  name: string;
  /** The job assumed when the description names none; exactly one per category. */
  default?: true;
  /**
   * For small, single-device use only (an embedded database): never the job read from a description
   * that states a large scale (millions of users, multi-tenant SaaS), whatever else it says.
   */
  smallScaleOnly?: true;
  /**
   * The job says how another is done rather than what is done ("the model runs on the phone", "on our
   * own GPUs", a broadcast of sound alone): asked for, it comes before the job it narrows, so providers
   * doing that job this way lead.
   */
  qualifies?: true;
  /**
   * Its products are connected to through another of the category's (a state's e-ID through an
   * identity broker such as Keycloak): a text naming one still gets those others after it.
   */
  reachedThrough?: true;
  /**
   * Two or more of this job's products named together, in one clause and a few words apart, are the
   * ones the project's customers use, and ask for this other job: "SSO (Okta, Azure AD)" asks for
   * enterprise SSO into the product, not for Okta. None of them is then a product in use.
   */
  severalNamedMean?: string;
  /**
   * The job served when the text binds the project to one of these constraints and asks for none of the
   * category's jobs in its own words: a city hall whose systems must run in its own data centre wants a
   * self-hosted platform for its app, not the closest cloud host its kind of product usually gets.
   */
  servesUnder?: readonly ConstraintId[];
  /** Phrases that show this job is wanted. Each also counts as a strong signal for the category. */
  signals: readonly Pattern[];
  /** Word sets that show it, read like its signals unless negated. */
  together?: readonly WordSet[];
}

export interface CategoryData {
  id: CategoryId;
  /**
   * Phrases that show the project needs this category without saying which job
   * ("get paid weekly" → payments), in every language we read.
   * `strong`: enough on its own. `weak`: a hint that counts only together with another.
   */
  signals: { strong: readonly Pattern[]; weak: readonly Pattern[] };
  /** The distinct jobs of the category; one of them is the default. */
  capabilities: readonly Capability[];
  /**
   * Phrases in which the category's own words mean something else ("store the data" is not a shop,
   * "real-time reports" need no websockets): a signal of this category that overlaps one is ignored.
   */
  vetoes?: readonly Pattern[];
  /**
   * Score beyond the selection threshold this category needs before it is chosen. For categories that
   * many kinds of product seem to imply but most descriptions do not need (sign-in, payments, live
   * updates, booking): one loose hint is not enough for them.
   */
  selectionMargin?: number;
  providers: readonly CatalogProvider[];
}

/** What one matched signal adds to its category's score: a strong one is enough to select it. */
export const STRONG_SIGNAL = 2;
export const WEAK_SIGNAL = 1;

/** What the running engine keeps of a provider: the patterns live in the compiled phrase index instead. */
export type ProviderFacts = Omit<CatalogProvider, 'keywords' | 'aliases' | 'nameIsCommonWord' | 'aliasesInCapitals'>;

/**
 * A shape of product a description can name ("marketplace", "expense splitting", "field-service app"),
 * and the needs such a product has even when the text does not state them.
 */
export interface Archetype {
  /** How a reason names it: "Usually needed with a marketplace". */
  name: string;
  patterns: readonly Pattern[];
  /** Score added to each category when the archetype is present (2 is enough to select on its own). */
  implies: Readonly<Partial<Record<CategoryId, number>>>;
  /** The job it implies inside a category it implies or the text states ("online course" → video: on-demand). */
  capabilities?: Readonly<Partial<Record<CategoryId, string>>>;
  /** Archetypes that cancel this one: a "web app" is not a phone app. */
  unless?: readonly string[];
  /** Categories where a named product cancels this archetype: a "Rails app" is not a phone app. */
  unlessNamed?: readonly CategoryId[];
}

export type ConstraintId =
  | 'aws'
  | 'gcp'
  | 'azure'
  | 'cloudflare'
  | 'managed'
  | 'selfHosted'
  | 'openSource'
  | 'eu'
  | 'euSovereign'
  | 'hipaa'
  | 'zeroBudget'
  | 'sso'
  | 'largeScale'
  | 'china'
  | 'japan'
  | 'korea'
  | 'india'
  | 'southeastAsia'
  | 'brazil'
  | 'latinAmerica'
  | 'africa'
  | 'middleEast'
  | 'turkey'
  | 'poland'
  | 'germany'
  | 'france'
  | 'italy'
  | 'spain'
  | 'portugal'
  | 'netherlands'
  | 'belgium'
  | 'sweden'
  | 'denmark'
  | 'unitedKingdom'
  | 'unitedStates';

/**
 * A constraint a description can state, how it is said and what it asks of providers. `require`
 * phrases make it binding: providers that break it are left out (unless nothing of the job asked for
 * would remain, or the description names them) and those that honour it rank first. `prefer` phrases
 * only nudge the ranking.
 */
export interface ConstraintData {
  id: ConstraintId;
  /** How reasons and the model's prompt name it: "AWS only", "managed services". */
  label: string;
  require: readonly Pattern[];
  prefer: readonly Pattern[];
  /**
   * Phrases whose words already say what the team will not do ("babysit servers"): a negation before
   * them agrees rather than flips ("I don't want to babysit servers"). Read as `require`.
   */
  reluctant?: readonly Pattern[];
  /**
   * Word sets that state the constraint only together, in one clause and in any order, for phrasings
   * too varied to list: "Die Daten dürfen Deutschland nicht verlassen", "tenere i dati degli studenti
   * in UE" (data, a place in the EU, keeping or leaving). A negation does not turn them: it is usually
   * part of the phrasing ("must not leave").
   */
  together?: readonly ConstraintWords[];
  /** What a negated phrase states instead ("avoid running our own servers" → managed); absent: negation cancels it. */
  whenNegated?: ConstraintId;
  /** Providers that honour it, best first: passing an earlier test ranks before passing only a later one. */
  rankFirst?: readonly TraitTest[];
  /**
   * The categories whose order it sets; absent: every category. A market's own providers lead where
   * people there expect them (payments and messaging in Japan); elsewhere they compete with global
   * ones on merit (a Japanese shop's search need not be Japanese).
   */
  ranksIn?: readonly CategoryId[];
  /**
   * Tests that rank after `rankFirst` only when the constraint binds: "AWS only" wants software the team
   * runs inside AWS before another company's service; "we're on AWS" said in passing asks only AWS first.
   */
  thenWhenBinding?: readonly TraitTest[];
  /**
   * Providers that break it: those that fail any of the tests. With several, the worst breach comes
   * first: stated as a preference, the constraint ranks a provider that breaks only a later test
   * before one that breaks an earlier one (for "we're on GCP", an independent SaaS before AWS).
   */
  exclude?: TraitTest | readonly TraitTest[];
  /**
   * The services it stands for, a cloud's own. A team leaving it leaves them too: "moving off AWS" is no
   * lock to AWS, and no AWS service either (Amazon SQS is as much AWS as the console); providers the
   * text names stay. A team on it counts them as its own (`teamsCloudIsOwn`).
   */
  services?: TraitTest;
  /**
   * The services of the cloud the team is on (locked to it or only preferring it) do not break it:
   * "AWS only, no third-party SaaS databases" still wants Amazon RDS, which is AWS's, not a third party's.
   */
  teamsCloudIsOwn?: true;
  /** A large scale rules out small-scale-only jobs (an embedded database for a multi-tenant SaaS). */
  rulesOutSmallScale?: true;
  /**
   * Its ranking tests hold for a provider only in the job it is best known for: a free tier covers a
   * product's main job (OneSignal's push), not its side line (OneSignal's SMS is paid like Twilio's).
   */
  mainJobOnly?: true;
  /**
   * A description written mostly in this script prefers the constraint, as a `prefer` phrase would:
   * a text in Chinese characters is most likely for the Chinese market, one with kana for the Japanese.
   */
  writtenIn?: Script;
}

/**
 * Words that say something only together, for phrasings too varied to list: one word of each part in
 * one clause, in any order ("detectar automaticamente falhas … nas imagens": a verb of recognising and
 * a word for images).
 */
export interface WordSet {
  parts: readonly (readonly Pattern[])[];
  /** At most this many words from the first part found to the end of the last; absent: the whole clause. */
  within?: number;
  /** The last part counts only after a word of the first: "the data stay in Germany", not "in Germany … the data". */
  ordered?: true;
}

/** A word set that states a constraint (ConstraintData.together). */
export interface ConstraintWords extends WordSet {
  strength: 'require' | 'prefer';
}

/**
 * Scripts a description can be written in that say something about its market: Chinese, Japanese and
 * Korean writing, and the letters only Turkish or only Polish spell with.
 */
export type Script = 'han' | 'hant' | 'kana' | 'hangul' | 'turkish' | 'polish';

/** How a provider's name must be written to count as naming it: as typed, with a capital, or all in capitals. */
export type Writing = 'any' | 'capitalised' | 'capitals';

/**
 * Words that mean something else in a text written in one language (data/language.ts FALSE_FRIENDS):
 * a negation that negates nothing there, a word that is no need there.
 */
export interface FalseFriend {
  language: string;
  /** Negation words that are none there, as single words as tokens read them (lower case, no accents). */
  words: readonly string[];
  /** Words that signal nothing there (Italian "ai" is "to the", not AI): every pattern of that one word is skipped. */
  signals?: readonly string[];
  /** Words of that language that other languages we read do not use. */
  markers: readonly string[];
  atLeast: number;
}

/**
 * Words and phrases that change what the words around them mean, in every language we read. They
 * act within a clause and, for negation, on what follows within NEGATION_WINDOW words.
 */
export interface LanguageCues {
  /** "no payments", "without login": what follows is not wanted, unless the clause says it is missing today. */
  negations: readonly Pattern[];
  /** "we don't need", "no need for": what follows is not wanted, whatever else the clause says. */
  rejections: readonly Pattern[];
  /**
   * "non-profit", "not only", "sin embargo": phrases that start with a negation word and negate nothing,
   * so the words after them read as written.
   */
  notNegations: readonly Pattern[];
  /**
   * "pagoPA non è richiesta", "chat is not needed", "brauchen wir nicht": the words just before are not
   * wanted (a rejection said after what it rejects, as German, Italian and Japanese often do).
   */
  rejectedBefore: readonly Pattern[];
  /** "yet", "today", "currently": with a negation, the thing is missing now, and so needed. */
  absence: readonly Pattern[];
  /** "we're moving away from", "replace", "instead of": the product named next is on its way out. */
  replacing: readonly Pattern[];
  /**
   * "Heroku is getting pricey", "SendGrid won't sign a BAA", "a self-hosted Algolia alternative": the
   * product named just before is on its way out.
   */
  replacedBefore: readonly Pattern[];
  /**
   * Where a move is headed ("off Heroku onto Render", "from Heroku to Render", "vervangen door"): the
   * product named next is the one moved to, so a replacing cue's reach ends there.
   */
  destinations: readonly Pattern[];
  /**
   * "their Okta", "the customer's Azure AD": the product or cloud named next is someone else's (one to
   * integrate with), neither a product to rank first nor a cloud the team is on.
   */
  theirs: readonly Pattern[];
  /**
   * "our shop", "we already run": the product exists and the text asks for something to add to it, so
   * the needs its kind implies are mostly met already and count for less.
   */
  existing: readonly Pattern[];
}
