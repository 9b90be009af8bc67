// Types of photos.mjs for the strict TypeScript of the end-to-end tests.
export function photoPng(width: number, height: number, seed?: number): Buffer;
export const PLACED_PHOTOS: [place: string, file: string, size: [number, number], alt: string][];
export const COACH_PHOTOS: [id: string, file: string, alt: string][];
export function contentWithPhotos(binary: string, dir: string): string;
export function waitForPhotos(base: string, path: string, deadline: number): Promise<void>;
