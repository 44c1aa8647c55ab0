// Date formatting, apart from the main entry: it brings moment, which only the pages that show dates load.
// Shared as its own singleton (tooling/build/shared-libraries.mjs), so the page holds one moment whoever loads it first.
export { formatDate, formatDateRange } from './format/dates';
