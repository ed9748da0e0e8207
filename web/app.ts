/**
 * The search page: a description in, the suggested stack out. The description lives in the URL (?q=)
 * so a search can be shared; opening such a link fills the form in and waits for the reader to run it
 * (a link alone never spends an analysis), while back and forward replay the reader's own searches.
 */
import { analyze, type Outcome } from './api.js';
import { el, renderCategories } from './render.js';

const MAX_CHARS = 5_000;
const TITLE = 'Stack Analyzer';

const byId = <T extends HTMLElement>(id: string): T => {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The page is missing #${id}.`);
  return node as T;
};

const form = byId<HTMLFormElement>('search-form');
const textarea = byId<HTMLTextAreaElement>('description');
const count = byId<HTMLParagraphElement>('description-count');
const submit = byId<HTMLButtonElement>('submit');
const status = byId<HTMLParagraphElement>('status');
const errorBox = byId<HTMLDivElement>('error');
const results = byId<HTMLElement>('results');
const resultsHeading = byId<HTMLHeadingElement>('results-heading');
const resultsSummary = byId<HTMLParagraphElement>('results-summary');
const categories = byId<HTMLDivElement>('categories');

const numberFormat = new Intl.NumberFormat('en');
const plural = (n: number, one: string, many: string) => `${numberFormat.format(n)} ${n === 1 ? one : many}`;
/** Characters as the API counts them: code points. */
const charCount = (text: string) => Array.from(text).length;

let inFlight: AbortController | undefined;
let lastDescription = '';

const updateCount = () => {
  const n = charCount(textarea.value);
  count.textContent = `${numberFormat.format(n)} / ${numberFormat.format(MAX_CHARS)}`;
  count.classList.toggle('over', n > MAX_CHARS);
};

const setBusy = (busy: boolean) => {
  submit.disabled = busy;
  form.setAttribute('aria-busy', String(busy));
  results.setAttribute('aria-busy', String(busy));
  status.classList.toggle('loading', busy);
  if (busy) {
    status.classList.remove('quiet');
    status.textContent = 'Analysing…';
  }
};

const clearError = () => {
  errorBox.replaceChildren();
  textarea.removeAttribute('aria-invalid');
  textarea.setAttribute('aria-describedby', 'description-hint description-count');
};

const showError = (heading: string, detail: string, options: { retry?: boolean; hint?: string; invalidInput?: boolean } = {}) => {
  status.textContent = '';
  status.classList.remove('quiet');
  results.hidden = true;
  categories.replaceChildren();
  const parts: Node[] = [el('p', { class: 'error-title' }, heading), el('p', { class: 'error-detail' }, detail)];
  if (options.hint) parts.push(el('p', { class: 'error-hint' }, options.hint));
  if (options.retry) {
    const retry = el('button', { type: 'button', class: 'button button-secondary retry' }, 'Retry');
    retry.addEventListener('click', () => void search(lastDescription, { history: 'none', fromRetry: true }));
    parts.push(retry);
  }
  errorBox.replaceChildren(el('div', { class: 'error-box' }, ...parts));
  if (options.invalidInput) {
    textarea.setAttribute('aria-invalid', 'true');
    textarea.setAttribute('aria-describedby', 'error description-hint description-count');
  }
};

const showOutcome = (outcome: Exclude<Outcome, { kind: 'aborted' }>, fromRetry: boolean) => {
  switch (outcome.kind) {
    case 'ok': {
      const { data } = outcome;
      if (data.categories.length === 0) {
        showError(
          'No suggestions yet',
          'Nothing in the description matched a part of a stack. Try adding what the project does and who uses it.',
        );
        return;
      }
      const providerCount = data.categories.reduce((sum, c) => sum + c.providers.length, 0);
      renderCategories(categories, data.categories);
      resultsSummary.textContent = `${plural(data.categories.length, 'category', 'categories')}, ${plural(providerCount, 'provider', 'providers')}, ranked best first.`;
      results.hidden = false;
      status.textContent = `Found ${plural(data.categories.length, 'category', 'categories')}.`;
      status.classList.add('quiet');
      const short = data.query.length > 60 ? `${data.query.slice(0, 57).trimEnd()}…` : data.query;
      document.title = short ? `${short} – ${TITLE}` : TITLE;
      resultsHeading.focus();
      return;
    }
    case 'problem': {
      const wait = outcome.retryAfterSeconds;
      const hint =
        outcome.retryable && wait !== undefined && wait > 0
          ? `You can try again in about ${plural(wait, 'second', 'seconds')}.`
          : undefined;
      const heading =
        outcome.status < 500 && outcome.status !== 429
          ? 'Please check your description'
          : 'The analysis is unavailable right now';
      showError(heading, outcome.detail, {
        retry: outcome.retryable,
        ...(hint ? { hint } : {}),
        invalidInput: outcome.status === 400,
      });
      break;
    }
    case 'network':
      showError('Could not reach Stack Analyzer', 'Check your internet connection, then try again.', { retry: true });
      break;
    case 'timeout':
      showError('The analysis took too long', 'The service did not answer in time. Please try again.', { retry: true });
      break;
  }
  if (fromRetry) errorBox.querySelector<HTMLButtonElement>('.retry')?.focus();
};

type HistoryMode = 'push' | 'none';

const writeUrl = (description: string) => {
  const url = new URL(window.location.href);
  url.searchParams.set('q', description);
  if (url.href === window.location.href) return;
  history.pushState({ q: description }, '', url);
};

async function search(description: string, { history: mode, fromRetry = false }: { history: HistoryMode; fromRetry?: boolean }) {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  lastDescription = description;
  if (mode === 'push') writeUrl(description);
  clearError();
  setBusy(true);
  const outcome = await analyze(description, controller.signal);
  // A newer search owns the page now.
  if (outcome.kind === 'aborted' || inFlight !== controller) return;
  inFlight = undefined;
  setBusy(false);
  showOutcome(outcome, fromRetry);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (submit.disabled) return;
  void search(textarea.value, { history: 'push' });
});

textarea.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.isComposing) {
    event.preventDefault();
    form.requestSubmit();
  }
});

textarea.addEventListener('input', updateCount);

const fromUrl = ({ run }: { run: boolean }) => {
  const q = new URLSearchParams(window.location.search).get('q');
  if (q !== null && q.trim() !== '') {
    textarea.value = q;
    updateCount();
    if (run) void search(q, { history: 'none' });
    else status.textContent = 'Shared search filled in: press Analyse to run it.';
    return;
  }
  inFlight?.abort();
  inFlight = undefined;
  setBusy(false);
  status.textContent = '';
  clearError();
  results.hidden = true;
  categories.replaceChildren();
  document.title = TITLE;
};

// Back and forward move between the reader's own searches.
window.addEventListener('popstate', () => fromUrl({ run: true }));

updateCount();
fromUrl({ run: false });
