/**
 * Kept only so that content/words.ts (rewritten in another branch at the same time) still resolves:
 * lists in prose live in src/format/list-words.ts. Delete this file once it imports them from there.
 */
export * from '../format/list-words.ts';
