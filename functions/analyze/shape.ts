/**
 * The one place that turns any engine's raw output into the published contract: ids mapped onto
 * the taxonomy, names from the taxonomy, duplicates merged, ranks renumbered, markup stripped,
 * descriptions cut to one sentence, and websites taken from the catalogue or verified.
 */
import { isIP } from 'node:net';
import { compactName as compact } from './catalog/catalog.js';
import { findCatalogProvider } from './catalog/directory.js';
import type { ProviderFacts } from './catalog/types.js';
import { CATEGORY_IDS, CATEGORY_NAMES, type Category, type CategoryId, type Provider } from './contract.js';
import type { RawCategory, RawProvider, RawRecommendation } from './engines/engine.js';
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

/** Removes HTML tags, markdown emphasis, links and control characters; collapses whitespace. */
export const stripMarkup = (text: string): string =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`+|~~)/g, '')
    .replace(/^\s*(#+|[-*+>]|\d+\.)\s+/gm, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const ABBREVIATION = /\b(e\.g|i\.e|etc|vs|approx|incl|inc|ltd|co)\.$/i;

/** The first sentence, at most MAX_DESCRIPTION_CHARS, ending with terminal punctuation. */
export const firstSentence = (text: string): string => {
  const clean = stripMarkup(text);
  const boundary = /[.!?](?=\s+["'“(]?[\p{Lu}\d])/gu;
  let end = clean.length;
  for (let m = boundary.exec(clean); m; m = boundary.exec(clean)) {
    if (!ABBREVIATION.test(clean.slice(0, m.index + 1))) {
      end = m.index + 1;
      break;
    }
  }
  let sentence = clean.slice(0, end).trim();
  if (sentence.length > MAX_DESCRIPTION_CHARS) {
    const cut = sentence.slice(0, MAX_DESCRIPTION_CHARS - 1);
    sentence = `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:.-]+$/, '')}…`;
  }
  if (sentence && !/[.!?…]$/.test(sentence)) sentence += '.';
  return sentence;
};

const isPublicHostname = (hostname: string): boolean => {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
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

const cleanName = (name: string): string => stripMarkup(name).slice(0, MAX_NAME_CHARS).trim();

const toProvider = (raw: RawProvider, categoryId: CategoryId): Omit<Provider, 'rank'> | undefined => {
  const name = cleanName(raw.name);
  if (!name) return undefined;
  const known = findCatalogProvider(name, categoryId);
  const website = known?.website ?? verifiedWebsite(raw.website);
  if (!website) return undefined;
  const description = firstSentence(raw.description ?? '') || known?.description;
  const useCases = (raw.bestUseCases ?? []).map(stripMarkup).filter(Boolean).slice(0, MAX_USE_CASES);
  const bestUseCases = useCases.length > 0 ? useCases : known?.bestUseCases.slice(0, MAX_USE_CASES);
  if (!description || !bestUseCases?.length) return undefined;
  return { name: known?.name ?? name, description, bestUseCases: [...bestUseCases], website };
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
    return { raw, verdict: known && !named ? judgement(known as ProviderFacts) : undefined };
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
    const reason = rawCategory.reason ? stripMarkup(rawCategory.reason) : '';
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
    categories.push({ id, name: CATEGORY_NAMES[id], ...(reason ? { reason: firstSentence(reason) } : {}), providers });
  }
  return categories;
};
