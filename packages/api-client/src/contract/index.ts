/**
 * `@agri/api-client/contract`: what the browser client and the API server agree on, and nothing that runs
 * in a browser only (no zustand, React or axios). The schemas of every request and answer, their messages,
 * the server's messages the spec names, the tolerant reader of answers, and `z`, the builders apps use from
 * the contract's one copy of zod. The server imports this entry; apps import `@agri/api-client`, which
 * re-exports it, so a page holds one copy of the schemas.
 */
// First: it configures zod before any schema is parsed.
export { z } from './schema';
export * from './reader';
export * from './common';
export * from './courses';
export * from './events';
export * from './blog';
export * from './user';
export * from './address';
export * from './cart';
export * from './orders';
export * from './enquiry';
export * from './booking';
export * from './reports';
export * from './payments';
