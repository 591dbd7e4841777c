/** What `npm run bench` gives each section it runs (bench/run.ts). */
export interface BenchContext {
  /** PostgreSQL server to measure beside PGlite (a fresh database is made on it), if any. */
  databaseUrl?: string;
  record: (section: string, figures: unknown) => void;
}
