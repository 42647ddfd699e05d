/** Types of scripts/services.mjs for the TypeScript that imports it (bench/scale-out.ts). */
export declare const PG_BIN: string;
export declare function freePort(): Promise<number>;
export interface Services {
  pgUrl: string;
  redisUrl: string;
  env: { CLINICA_TEST_PG_URL: string; CLINICA_TEST_REDIS_URL: string };
  stop(): void;
}
export declare function startServices(): Promise<Services>;
