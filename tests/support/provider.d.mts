// Types of provider.mjs for the strict TypeScript of the end-to-end tests.
export const PROVIDER_API_KEY: string;
export function startProvider(): Promise<{ port: number; stop: () => void }>;
export function providerEnv(port: number): Record<string, string>;
export function waitForClasses(base: string, deadline: number): Promise<void>;
