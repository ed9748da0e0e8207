/**
 * The one place that turns any engine's raw output into the published contract: ids mapped onto
 * the taxonomy, names from the taxonomy, duplicates merged, ranks renumbered, markup stripped,
 * descriptions cut to one sentence, and websites taken from the catalogue or verified.
 */
import { compactName as compact } from './catalog/catalog.js';
import { findCatalogProvider } from './catalog/directory.js';
import type { ProviderFacts } from './catalog/types.js';
import type { Category, CategoryId, Provider } from './contract.js';
import type { RawCategory, RawProvider, RawRecommendation } from './engines/engine.js';
import { CATEGORY_IDS, CATEGORY_NAMES, MAX_CATEGORIES } from './limits.js';
import { compareKeys, judge } from './reading/rank.js';
import type { Reading } from './reading/reading.js';

const MAX_USE_CASES = 5;
const MAX_DESCRIPTION_CHARS = 240;
const MAX_NAME_CHARS = 80;

/** Other ways engines (models especially) name our categories; keys are compacted. */
const CATEGORY_SYNONYMS: Readonly<Record<string, CategoryId>> = {
  ui: 'frontend',
  web: 'frontend',
  webframework: 'frontend',
  frontendframework: 'frontend',
  spa: 'frontend',
  app: 'mobile',
  mobileapp: 'mobile',
  ios: 'mobile',
  android: 'mobile',
  crossplatform: 'mobile',
  desktopapp: 'desktop',
  api: 'backend',
  server: 'backend',
  serverless: 'backend',
  backendframework: 'backend',
  runtime: 'backend',
  db: 'database',
  datastore: 'database',
  sql: 'database',
  nosql: 'database',
  caching: 'cache',
  keyvalue: 'cache',
  inmemory: 'cache',
  fulltextsearch: 'search',
  searchengine: 'search',
  vector: 'vectordb',
  vectordatabase: 'vectordb',
  vectorstore: 'vectordb',
  embeddings: 'vectordb',
  deployment: 'hosting',
  deploy: 'hosting',
  cloud: 'hosting',
  paas: 'hosting',
  compute: 'hosting',
  filestorage: 'storage',
  objectstorage: 'storage',
  files: 'storage',
  media: 'storage',
  blobstorage: 'storage',
  edge: 'cdn',
  contentdelivery: 'cdn',
  contentdeliverynetwork: 'cdn',
  authentication: 'auth',
  identity: 'auth',
  login: 'auth',
  sso: 'auth',
  authorization: 'auth',
  payment: 'payments',
  billing: 'payments',
  paymentsandbilling: 'payments',
  subscriptions: 'payments',
  emails: 'email',
  mail: 'email',
  emaildelivery: 'email',
  newsletter: 'email',
  notification: 'notifications',
  sms: 'notifications',
  push: 'notifications',
  pushnotifications: 'notifications',
  messaging: 'realtime',
  chat: 'realtime',
  websockets: 'realtime',
  websocket: 'realtime',
  live: 'realtime',
  realtimeandchat: 'realtime',
  collaboration: 'realtime',
  streaming: 'video',
  videostreaming: 'video',
  audio: 'video',
  videoandaudiostreaming: 'video',
  livestreaming: 'video',
  queues: 'queue',
  messagequeue: 'queue',
  messagebroker: 'queue',
  events: 'queue',
  eventstreaming: 'queue',
  backgroundjobs: 'queue',
  messagingandqueues: 'queue',
  workflows: 'workflow',
  orchestration: 'workflow',
  scheduler: 'workflow',
  cron: 'workflow',
  automation: 'workflow',
  productanalytics: 'analytics',
  tracking: 'analytics',
  datawarehouse: 'data',
  warehouse: 'data',
  etl: 'data',
  bi: 'data',
  datapipeline: 'data',
  datapipelines: 'data',
  observability: 'monitoring',
  logging: 'monitoring',
  errortracking: 'monitoring',
  apm: 'monitoring',
  monitoringandobservability: 'monitoring',
  ml: 'ai',
  machinelearning: 'ai',
  llm: 'ai',
  llms: 'ai',
  artificialintelligence: 'ai',
  aiandmachinelearning: 'ai',
  contentmanagement: 'cms',
  headlesscms: 'cms',
  content: 'cms',
  commerce: 'ecommerce',
  shop: 'ecommerce',
  store: 'ecommerce',
  ecommerceplatform: 'ecommerce',
  map: 'maps',
  location: 'maps',
  geo: 'maps',
  geolocation: 'maps',
  mapsandlocation: 'maps',
  internetofthings: 'iot',
  iotplatform: 'iot',
  devices: 'iot',
  web3: 'blockchain',
  crypto: 'blockchain',
  blockchainandweb3: 'blockchain',
  ci: 'cicd',
  cd: 'cicd',
  continuousintegration: 'cicd',
  iac: 'infrastructure',
  containers: 'infrastructure',
  infrastructureascode: 'infrastructure',
  devops: 'infrastructure',
  tests: 'testing',
  qa: 'testing',
  secrets: 'security',
  securityandsecrets: 'security',
  compliance: 'security',
  featureflags: 'flags',
  experiments: 'flags',
  abtesting: 'flags',
  featureflagsandexperiments: 'flags',
  helpdesk: 'support',
  customersupport: 'support',
  game: 'games',
  gaming: 'games',
  gameengine: 'games',
  gameengineandbackend: 'games',
  calendar: 'scheduling',
  booking: 'scheduling',
  bookings: 'scheduling',
  calendarandbooking: 'scheduling',
  appointments: 'scheduling',
  document: 'documents',
  pdf: 'documents',
  esignature: 'documents',
  ocr: 'documents',
  documentsandesignature: 'documents',
};

const PUBLISHED = new Map<string, CategoryId>(CATEGORY_IDS.map((id) => [id, id]));

/** Maps any spelling of a category onto a published id: case, plurals, synonyms; undefined when unknown. */
export const toCategoryId = (raw: string): CategoryId | undefined => {
  const key = compact(raw);
  return (
    PUBLISHED.get(key) ??
    CATEGORY_SYNONYMS[key] ??
    (key.endsWith('s') ? (PUBLISHED.get(key.slice(0, -1)) ?? CATEGORY_SYNONYMS[key.slice(0, -1)]) : undefined) ??
    PUBLISHED.get(`${key}s`)
  );
};

/**
 * Removes HTML tags, markdown emphasis, links and control characters; collapses whitespace. Every
 * pattern stops at the next character that could start another match, so the work stays linear
 * whatever the input (a flood of "<" or "[" included).
 */
export const stripMarkup = (text: string): string =>
  text
    .replace(/<[^<>]*>/g, ' ')
    .replace(/!?\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/(\*\*|__|`+|~~)/g, '')
    .replace(/^[ \t]*(#+|[-*+>]|\d+\.)[ \t]+/gm, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Characters that change how text displays without showing: bidi overrides, zero-width joiners, tags. */
const INVISIBLE =
  /[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\p{Variation_Selector}\uFEFF\uFFA0\uFFF9-\uFFFB\u{E0000}-\u{E007F}]/gu;
/**
 * A word a reader could follow: a scheme URL, a www. address, an e-mail address, a domain with a path.
 * Tested one word at a time, anchored at its start, so the work stays linear.
 */
const LINK_WORD = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.|[^@]+@[^@]+\.[a-z]{2,}|[a-z0-9-]+(?:\.[a-z0-9-]+)+\/)/i;
const OPENING = /^[("'<[]+/;
const PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', ')']);

/** The punctuation a word ends with ("io." → "."), found from the end so a long word costs its length once. */
const trailingPunctuation = (word: string): string => {
  let start = word.length;
  while (start > 0 && PUNCTUATION.has(word[start - 1] as string)) start -= 1;
  return word.slice(start);
};

const withoutLinks = (text: string): string =>
  text
    .split(/(\s+)/)
    .map((word) => (LINK_WORD.test(word.replace(OPENING, '')) ? trailingPunctuation(word) : word))
    .join('');

/**
 * Text from an engine as a user may see it: no markup, no invisible or direction-changing characters,
 * no links or addresses (a link reaches a user only as a vetted `website`), at most `max` characters.
 */
export const cleanText = (text: string, max: number): string => {
  const clean = stripMarkup(withoutLinks(text.replace(INVISIBLE, ''))).replace(/ ([,.;:!?])/g, '$1');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:.-]+$/, '')}…`;
};

const ABBREVIATION = /\b(e\.g|i\.e|etc|vs|approx|incl|inc|ltd|co)\.$/i;
/** Long enough to hold the longest abbreviation above with the word break before it. */
const ABBREVIATION_TAIL = 10;

/** The first sentence, at most MAX_DESCRIPTION_CHARS, ending with terminal punctuation. */
export const firstSentence = (text: string): string => {
  const clean = cleanText(text, Number.MAX_SAFE_INTEGER);
  const boundary = /[.!?](?=\s+["'“(]?[\p{Lu}\d])/gu;
  let end = clean.length;
  for (let m = boundary.exec(clean); m; m = boundary.exec(clean)) {
    if (!ABBREVIATION.test(clean.slice(Math.max(0, m.index - ABBREVIATION_TAIL), m.index + 1))) {
      end = m.index + 1;
      break;
    }
  }
  let sentence = clean.slice(0, end).trim();
  if (sentence.length > MAX_DESCRIPTION_CHARS) sentence = cleanText(sentence, MAX_DESCRIPTION_CHARS);
  if (sentence && !/[.!?…]$/.test(sentence)) sentence += '.';
  return sentence;
};

const isPublicHostname = (hostname: string): boolean => {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  // An address, not a name: IPv4 in any form a URL parser leaves (all digits and dots), or IPv6.
  if (/^[\d.]+$/.test(host) || host.startsWith('[') || host.includes(':')) return false;
  if (
    !/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(host) &&
    !/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)*\.xn--[a-z0-9-]+$/.test(host)
  ) {
    return false;
  }
  // Reserved, private and placeholder names (RFC 2606, 6761): a model inventing a link often lands here.
  return (
    !/(^|\.)(localhost|local|internal|intranet|lan|home|corp|example|invalid|test|onion)$/.test(host) &&
    !/(^|\.)example\.(com|net|org)$/.test(host)
  );
};

/**
 * A website a model proposed, kept only when it is a well-formed URL on a public host; http is
 * upgraded to https, credentials, query and fragment are dropped. Anything else yields undefined.
 */
export const verifiedWebsite = (raw: string | undefined): string | undefined => {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || url.port) return undefined;
  if (!isPublicHostname(url.hostname)) return undefined;
  url.protocol = 'https:';
  url.search = '';
  url.hash = '';
  return url.pathname === '/' ? url.origin : url.href;
};

const cleanName = (name: string): string => cleanText(name, MAX_NAME_CHARS);

/** Second-level labels under which a country registers names (example.co.uk): not a brand. */
const REGISTRY_LABELS = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go']);

/**
 * The site of a provider the catalogue does not know, kept only when it can hardly mislead: the
 * origin alone (no path to a login or a download), on the provider's own name ("Acme Pay" at
 * acmepay.com or www.acme.io), never a punycode look-alike, never another subdomain.
 */
export const unverifiedOrigin = (raw: string | undefined, name: string): string | undefined => {
  const website = verifiedWebsite(raw);
  if (!website) return undefined;
  const { hostname, origin } = new URL(website);
  if (hostname.split('.').some((label) => label.startsWith('xn--'))) return undefined;
  const labels = hostname.replace(/^www\./, '').split('.');
  const registry = labels.length >= 3 && REGISTRY_LABELS.has(labels.at(-2) as string) ? 3 : 2;
  if (labels.length !== registry) return undefined;
  const brand = (labels[0] as string).replace(/-/g, '');
  const wanted = compact(name);
  const matches = brand === wanted || (brand.length >= 4 && wanted.startsWith(brand));
  return matches ? origin : undefined;
};

const MAX_USE_CASE_CHARS = 80;
const MAX_REASON_CHARS = 240;

/**
 * A provider as a user sees it. The catalogue's own entry whenever it knows the provider (name, site,
 * description and use cases: nothing of the model's text); otherwise the model's, cleaned and bounded,
 * marked `verified: false` and kept only with a site on its own name.
 */
const toProvider = (raw: RawProvider, categoryId: CategoryId): Omit<Provider, 'rank'> | undefined => {
  const name = cleanName(raw.name);
  if (!name) return undefined;
  const known = findCatalogProvider(name, categoryId);
  if (known) {
    return {
      name: known.name,
      description: known.description,
      bestUseCases: known.bestUseCases.slice(0, MAX_USE_CASES),
      website: known.website,
    };
  }
  const website = unverifiedOrigin(raw.website, name);
  const description = firstSentence(raw.description ?? '');
  const bestUseCases = (raw.bestUseCases ?? [])
    .map((useCase) => cleanText(useCase, MAX_USE_CASE_CHARS))
    .filter(Boolean)
    .slice(0, MAX_USE_CASES);
  if (!website || !description || bestUseCases.length === 0) return undefined;
  return { name, description, bestUseCases, website, verified: false };
};

export interface ShapeOptions {
  providersPerCategory: number;
}

/**
 * A model's picks held to the catalogue's reading: a catalogue provider that breaks a binding
 * constraint is dropped (unless the description names it), and catalogue providers that do the job
 * asked for move ahead of those that do not. Providers the catalogue does not know keep their place.
 */
const holdToReading = (providers: readonly RawProvider[], id: CategoryId, reading: Reading): RawProvider[] => {
  const judgement = judge(id, reading);
  const judged = providers.map((raw) => {
    const known = findCatalogProvider(cleanName(raw.name), id);
    const named = known !== undefined && reading.mentioned.has(known.id);
    const entry = known && !named ? (known as ProviderFacts) : undefined;
    return { raw, verdict: entry && { excluded: judgement.excludes(entry), key: judgement.keyOf(entry) } };
  });
  const kept = judged.filter((j) => !j.verdict?.excluded);
  const slots = kept.flatMap((j, i) => (j.verdict ? [i] : []));
  const known = slots.map((i) => kept[i] as (typeof kept)[number]);
  const sorted = [...known].sort((a, b) => compareKeys(a.verdict?.key ?? [], b.verdict?.key ?? []));
  slots.forEach((slot, i) => {
    kept[slot] = sorted[i] as (typeof kept)[number];
  });
  return kept.map((j) => j.raw);
};

/** Raw engine output in, contract categories out; never an empty category, never a duplicate. */
export const shape = (raw: RawRecommendation, { providersPerCategory }: ShapeOptions): Category[] => {
  const merged = new Map<CategoryId, { reason?: string; providers: RawProvider[] }>();
  for (const rawCategory of raw.categories as readonly RawCategory[]) {
    const id = toCategoryId(rawCategory.id);
    if (!id) continue;
    const entry = merged.get(id) ?? { providers: [] };
    const reason = rawCategory.reason ? cleanText(rawCategory.reason, MAX_REASON_CHARS) : '';
    if (!entry.reason && reason) entry.reason = reason;
    entry.providers.push(...rawCategory.providers);
    merged.set(id, entry);
  }

  const categories: Category[] = [];
  for (const [id, { reason, providers: unchecked }] of merged) {
    const rawProviders = raw.reading ? holdToReading(unchecked, id, raw.reading) : unchecked;
    const seen = new Set<string>();
    const providers: Provider[] = [];
    for (const rawProvider of rawProviders) {
      if (providers.length >= providersPerCategory) break;
      const provider = toProvider(rawProvider, id);
      if (!provider || seen.has(compact(provider.name))) continue;
      seen.add(compact(provider.name));
      const { name, ...rest } = provider;
      providers.push({ name, rank: providers.length + 1, ...rest });
    }
    if (providers.length === 0) continue;
    if (categories.length >= MAX_CATEGORIES) break;
    categories.push({ id, name: CATEGORY_NAMES[id], ...(reason ? { reason: firstSentence(reason) } : {}), providers });
  }
  return categories;
};
