/** Types of the part of scripts/product-server.mjs that TypeScript imports (bench/video.ts, bench/main-thread.ts). */
export declare const DEMO_ACCOUNTS: Record<'patient' | 'admin' | 'doctor', { email: string; password: string; login: string }>;
/** Signs a demo account in through the API; its cookies as one Cookie header. */
export declare function signIn(origin: string, role: 'patient' | 'admin' | 'doctor'): Promise<string>;
/** Gives the demo patient a paid consultation (the signed-in pages' data); its token. */
export declare function seedPatientData(origin: string, patientCookie: string, pageOrigin?: string): Promise<string>;
/** A Cookie header as Playwright cookies for `origin`. */
export declare function cookiesFor(origin: string, header: string): { name: string; value: string; url: string }[];
/** The server (and, with front 'tls', the clinic's nginx site on port + 1) serving `distDir`. */
export declare function startPhoneProduct(options: { port: number; name: string; distDir?: string; front?: 'tls' | 'direct' }): Promise<{
  origin: string;
  pageOrigin: string;
  distDir: string;
  servedBy: string;
  stop(): Promise<void>;
}>;
