// Server rich text, apart from the main entry: it brings the sanitiser (DOMPurify), which only the pages
// that show server HTML load. Shared as its own singleton (tooling/build/shared-libraries.mjs).
export { SafeHtml } from './components/safe-html';
