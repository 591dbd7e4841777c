import fs from 'node:fs';
import path from 'node:path';

/**
 * The entries under `dir` (itself included) that group or others may read, write or enter, with
 * their modes (`find dir -perm /077`), for the owner-only data folder (issue 24 finding 1).
 * Symbolic links are listed by their own mode only if they are not links (a link's mode means nothing).
 */
export function exposedEntries(dir: string): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) out.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return out;
}

/** How many entries under `dir` group or others can read (`find dir \( -perm -g=r -o -perm -o=r \) | wc -l`). */
export function readableByOthers(dir: string): number {
  let n = 0;
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o044) n++;
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return n;
}
