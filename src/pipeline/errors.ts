/** Errors the build reports without a stack trace: what went wrong and how to fix it. */

/** A build failure whose message is complete for the reader (file, field, fix). */
export class BuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildError';
  }
}
