// Types of free-port.mjs for the strict TypeScript of the end-to-end tests.
export function freePort(): Promise<number>;
