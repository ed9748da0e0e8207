/**
 * Cross-category language: the shapes of application a description can name (each implying the
 * categories such a project usually needs) and the constraints that change how providers are ranked.
 * Per-category language lives with each category's data.
 */
import type { CategoryId } from '../../category-ids.js';
import type { Pattern } from './types.js';

export interface AppShape {
  name: string;
  patterns: readonly Pattern[];
  /** Score added to each category when the shape is present (2 is enough to select on its own). */
  implies: Readonly<Partial<Record<CategoryId, number>>>;
  /** Shapes that cancel this one: "web app" is not a mobile app. */
  unless?: readonly string[];
  /** Categories where a named product cancels this shape: a "Rails app" is not a phone app. */
  unlessNamed?: readonly CategoryId[];
}

// biome-ignore format: word lists read better packed than one word a line
export const APP_SHAPES: readonly AppShape[] = [
  {
    name: 'web app',
    patterns: ['website', 'web site', 'web app*', 'webapp*', 'web platform', 'web portal', 'portal', 'saas', 'web based',
      'browser based', 'online platform', 'landing page*', 'web shop', 'web version', 'web interface', 'web ui',
      'web dashboard', 'in the browser', 'sitio web', 'pagina web', 'aplicacion web', 'webseite', 'webanwendung',
      'site web', 'application web', 'appli web', 'site', 'aplicativo web'],
    implies: { frontend: 2, hosting: 1 },
  },
  {
    // A "platform" is usually, but not always, something people use in a browser.
    name: 'platform',
    patterns: ['platform', 'plataforma', 'plateforme', 'plattform'],
    implies: { frontend: 1 },
  },
  {
    // Nearly every application keeps data of its own.
    name: 'application',
    patterns: ['app', 'apps', 'application', 'platform', 'marketplace', 'portal', 'service', 'tool', 'system', 'saas',
      'dashboard', 'software', 'plataforma', 'aplicacion', 'aplicativo', 'appli', 'anwendung', 'plateforme', 'plattform',
      'sistema', 'herramienta', 'logiciel'],
    implies: { database: 1 },
  },
  {
    // A bare "app" is, in everyday speech, a phone app.
    name: 'app',
    patterns: ['app', 'apps', 'aplicacion', 'aplicativo', 'appli'],
    implies: { mobile: 2 },
    unless: ['web app', 'desktop app'],
    unlessNamed: ['frontend', 'backend', 'desktop', 'database'],
  },
  {
    name: 'desktop app',
    patterns: ['desktop', 'windows app*', 'mac app*', 'macos', 'linux app*', 'menu bar'],
    implies: {},
  },
  {
    name: 'mobile app',
    patterns: ['mobile app*', 'mobile game*', 'ios', 'android', 'iphone*', 'ipad*', 'phone app*', 'smartphone*', 'app store',
      'play store', 'handheld*', 'companion app*', 'app movil', 'aplicacion movil', 'handy app', 'mobile anwendung',
      'application mobile', 'appli mobile', 'aplicativo', 'celular*', 'their phone*', 'on phones'],
    implies: { mobile: 2, database: 1, backend: 1 },
  },
  {
    name: 'marketplace',
    patterns: ['marketplace*', 'two sided', 'buyers and sellers', 'sellers and buyers', 'hosts and guests', 'freelancer*',
      'mercado', 'marktplatz', 'place de marche', 'plataforma de servicos'],
    implies: { payments: 2, auth: 2, database: 2, search: 1, frontend: 2, backend: 1 },
  },
  {
    // People who hold accounts. In our labelled descriptions sign-in is required or welcome in ~75% of
    // projects, and naming the people who use it is the best single cue that it is required.
    name: 'accounts',
    patterns: ['users', 'user account*', 'customers', 'members', 'subscribers', 'clients', 'patients', 'students',
      'teachers', 'tutors', 'employees', 'staff', 'managers', 'admins', 'administrators', 'new hires', 'agents', 'drivers',
      'riders', 'passengers', 'owners', 'walkers', 'sellers', 'buyers', 'vendors', 'merchants', 'hosts', 'guests',
      'tenants', 'landlords', 'investors', 'startups', 'artists', 'creators', 'designers', 'freelancers', 'participants',
      'volunteers', 'donors', 'players', 'parents', 'coaches', 'doctors', 'therapists', 'clinicians', 'nurses', 'caregivers',
      'families', 'residents', 'citizens', 'homeowners', 'handymen', 'contractors', 'suppliers', 'dispatchers', 'couriers',
      'fans', 'readers', 'listeners', 'authors', 'editors', 'moderators', 'recruiters', 'candidates', 'applicants',
      'adjusters', 'mechanics', 'photographers', 'friends', 'neighbours', 'neighbors', 'companies', 'teams',
      'usuarios', 'clientes', 'pacientes', 'vecinos', 'familias', 'voluntarios', 'empleados', 'profesores', 'alumnos',
      'amigos', 'miembros', 'inquilinos', 'propietarios', 'nutzer', 'kunden', 'mitarbeiter', 'patienten', 'eltern',
      'lehrer', 'freunde', 'mitglieder', 'mieter', 'vermieter', 'utilisateurs', 'familles', 'benevoles', 'salaries',
      'eleves', 'amis', 'membres', 'locataires', 'proprietaires', 'enseignants', 'professeurs', 'alunos', 'funcionarios',
      'gestor', 'gestores', 'professores', 'escolas', 'membros', 'socios', 'asociados', 'afiliados', 'conductores',
      'productores', 'tecnicos', 'motoristas', 'produtores', 'tutores', 'usuarios', 'utenti', 'clienti', 'iscritti',
      'soci', 'pazienti', 'studenti', 'genitori', 'dipendenti', 'gebruikers', 'klanten', 'leden', 'medewerkers', 'ouders',
      'huurders', 'benutzer', 'teilnehmer', 'handwerker', 'schuler', 'adherents', 'producteurs', 'technicians', 'workers',
      'shoppers', 'renters', 'travellers', 'travelers', 'attendees', 'learners', 'athletes', 'beneficiaries'],
    implies: { database: 1, auth: 2 },
  },
  {
    name: 'data pipeline',
    patterns: ['data pipeline*', 'etl', 'elt', 'ingest*', 'batch job*', 'data lake', 'data warehouse', 'clickstream'],
    implies: { data: 2, workflow: 1 },
  },
  {
    name: 'bot',
    patterns: ['bot', 'bots', 'chatbot*', 'slack bot', 'discord bot', 'telegram bot', 'whatsapp bot', 'assistant'],
    implies: { ai: 1, backend: 2 },
  },
  {
    name: 'game',
    patterns: ['game', 'games', 'multiplayer', 'juego', 'videojuego*', 'spiel', 'jeu', 'jogo'],
    implies: { games: 2, backend: 1, database: 1 },
  },
  {
    name: 'iot',
    patterns: ['iot', 'sensor*', 'smart home', 'connected device*', 'telemetry', 'firmware', 'thermostat*', 'wearable*'],
    implies: { iot: 2, database: 1 },
  },
  {
    name: 'internal tool',
    patterns: ['internal tool*', 'back office', 'backoffice', 'admin panel*', 'admin tool*', 'internal dashboard*',
      'intranet', 'crm', 'erp', 'employee portal', 'herramienta interna', 'sistema interno', 'outil interne',
      'internes tool', 'ferramenta interna'],
    implies: { frontend: 2, database: 2, auth: 1 },
  },
  {
    name: 'content site',
    patterns: ['blog*', 'newsletter*', 'magazine', 'portfolio', 'documentation site', 'docs site', 'landing page*',
      'static site'],
    implies: { hosting: 2, frontend: 1 },
  },
  {
    // Things with pictures people browse: listings, catalogues, profiles.
    name: 'listings',
    patterns: ['listing', 'listings', 'classifieds', 'catalog', 'catalogue', 'product catalog*', 'photos of', 'gallery'],
    implies: { storage: 2, database: 1, search: 1 },
  },
  {
    name: 'api product',
    patterns: ['public api', 'api for developers', 'developer api', 'rest api', 'graphql api', 'api first', 'sdk'],
    implies: { backend: 2, hosting: 1 },
  },
];

/**
 * Needs that come together: once the description itself shows a need (not merely its app shape), these
 * related categories gain score. Domain knowledge, e.g. streamed video is served through a CDN.
 */
export const AFFINITIES: Readonly<Partial<Record<CategoryId, Readonly<Partial<Record<CategoryId, number>>>>>> = {
  payments: { auth: 1, database: 1 },
  realtime: { auth: 1, database: 1 },
  video: { storage: 1, cdn: 1 },
  vectordb: { ai: 2, database: 1 },
  maps: { database: 1 },
  iot: { mobile: 1, database: 1 },
  scheduling: { database: 1, notifications: 1 },
  blockchain: { storage: 1, frontend: 1 },
  documents: { storage: 1 },
  ecommerce: { payments: 1, database: 1 },
  flags: { analytics: 1 },
  search: { database: 1 },
  // Analytics shown to customers (clicks, views) are events the product stores itself.
  analytics: { database: 1 },
  cms: { hosting: 1 },
};

export type Constraint = 'aws' | 'gcp' | 'azure' | 'cloudflare' | 'selfHosted' | 'openSource' | 'eu' | 'zeroBudget' | 'sso';

/**
 * Strength of each constraint phrase: `require` filters or dominates the ranking ("AWS only"), `prefer`
 * nudges it ("we deploy to AWS").
 */
export const CONSTRAINT_PATTERNS: Readonly<Record<Constraint, { require: readonly Pattern[]; prefer: readonly Pattern[] }>> = {
  aws: {
    require: [
      'aws only',
      'only aws',
      'only on aws',
      'aws native',
      'aws shop',
      'all in on aws',
      'stay on aws',
      'stay in aws',
      'within aws',
      'aws ecosystem',
      'aws services',
      'everything on aws',
      'aws first',
      'exclusively aws',
      'aws exclusively',
      'solo aws',
      'nur aws',
      'uniquement aws',
      'apenas aws',
    ],
    prefer: ['aws', 'amazon web services', 'on amazon'],
  },
  gcp: {
    require: [
      'gcp only',
      'google cloud only',
      'only gcp',
      'only google cloud',
      'stay on gcp',
      'stay on google cloud',
      'gcp native',
      'everything on gcp',
      'everything on google cloud',
    ],
    prefer: ['gcp', 'google cloud', 'firebase'],
  },
  azure: {
    require: [
      'azure only',
      'only azure',
      'stay on azure',
      'azure native',
      'microsoft shop',
      'everything on azure',
      'all in on azure',
    ],
    prefer: ['azure', 'microsoft cloud'],
  },
  cloudflare: {
    require: ['cloudflare only', 'only cloudflare', 'everything on cloudflare'],
    prefer: ['cloudflare'],
  },
  selfHosted: {
    require: [
      'self host*',
      'selfhost*',
      'on prem',
      'on premise*',
      'on premises',
      'onprem*',
      'own servers',
      'our own server*',
      'own hardware',
      'our own infrastructure',
      'own data cent*',
      'open source only',
      'only open source',
      'only oss',
      'no saas',
      'no third party',
      'no cloud',
      'air gapped',
      'airgapped',
      'auto hospedado',
      'autoalojado',
      'selbst gehostet',
      'eigenen server*',
      'auto heberge',
      'auto hebergement',
      'auto hospedagem',
      'sovereign',
    ],
    prefer: [],
  },
  openSource: {
    require: [],
    prefer: ['open source', 'opensource', 'oss', 'foss', 'codigo abierto', 'quelloffen', 'libre', 'codigo aberto'],
  },
  eu: {
    require: [
      'gdpr',
      'dsgvo',
      'rgpd',
      'data residency',
      'eu data',
      'data in the eu',
      'in the eu',
      'eu only',
      'eu based',
      'eu hosted',
      'eu region*',
      'within the eu',
      'european data',
      'data in europe',
      'hosted in europe',
      'schrems',
      'datos en europa',
      'daten in der eu',
      'donnees en europe',
      'dados na europa',
    ],
    prefer: ['eu', 'europe', 'european', 'germany', 'german', 'france', 'french'],
  },
  zeroBudget: {
    require: [
      'zero budget',
      'no budget',
      'without budget',
      'free tier*',
      'for free',
      'free of charge',
      'no money',
      'tiny budget',
      'tight budget',
      'low budget',
      'shoestring',
      'no cost',
      'zero cost',
      'sin presupuesto',
      'kein budget',
      'sans budget',
      'sem orcamento',
      'free plan*',
      'costs nothing',
    ],
    prefer: [
      'gratis',
      'kostenlos',
      'gratuit',
      'gratuito',
      'bootstrapp*',
      'student project*',
      'hobby',
      'side project',
      'non profit',
      'nonprofit',
      'charity',
      'cheap*',
      'affordable',
      'cost sensitive',
      'low cost',
      'mvp',
      'prototype',
    ],
  },
  sso: {
    require: [
      'sso',
      'saml',
      'single sign on',
      'enterprise login*',
      'enterprise sso',
      'okta',
      'active directory',
      'azure ad',
      'entra id',
      'scim',
      'ldap',
      'google workspace login',
    ],
    prefer: ['enterprise', 'b2b', 'corporate'],
  },
};

/** Words that cancel a signal when they come right before it: "no payments", "sin pagos", "ohne Login". */
export const NEGATIONS: ReadonlySet<string> = new Set([
  'no',
  'without',
  'not',
  'never',
  'sin',
  'ohne',
  'kein',
  'keine',
  'sans',
  'sem',
]);
