/** Types of the part of scripts/product-server.mjs that TypeScript imports (bench/video.ts). */
export declare const DEMO_ACCOUNTS: Record<'patient' | 'admin' | 'doctor', { email: string; password: string; login: string }>;
/** Signs a demo account in through the API; its cookies as one Cookie header. */
export declare function signIn(origin: string, role: 'patient' | 'admin' | 'doctor'): Promise<string>;
