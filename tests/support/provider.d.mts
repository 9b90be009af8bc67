// Types of provider.mjs for the strict TypeScript of the end-to-end tests.
export function startProvider(): Promise<{ port: number; stop: () => void }>;
export function waitForClasses(base: string, deadline: number): Promise<void>;
