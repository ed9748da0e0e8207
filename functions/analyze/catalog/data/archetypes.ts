/**
 * Product archetypes: the shapes of product a description can name, each with the needs such a product
 * has even when the text does not state them, and needs that come together. Adding an archetype is a
 * change here only; the engine reads them all the same way.
 */
import type { CategoryId } from '../../category-ids.js';
import type { Archetype } from '../types.js';

// biome-ignore format: word lists read better packed than one word a line
export const ARCHETYPES: readonly Archetype[] = [
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
export const RELATED_NEEDS: Readonly<Partial<Record<CategoryId, Readonly<Partial<Record<CategoryId, number>>>>>> = {
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
