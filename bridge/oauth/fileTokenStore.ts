/**
 * Tokens in memory and, for a grant the user asked to remember, in `<home>/oauth/grants.json`,
 * read back by the next run. The file holds access and refresh tokens and client secrets, so it is
 * the owner's alone: the folder 0700 and the file 0600, checked on every read and put right where
 * they are looser; a file others can write (or that belongs to someone else, or is a link) is not
 * read at all, since whoever wrote it chooses which tokens go to which server. A file that cannot
 * be read or used is said once through `onProblem`, never thrown into the bridge: the flow then
 * simply asks the user again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultHome } from '../home.js';
import type { GrantKey, StoredGrant, TokenStore } from './types.js';

const grantSchema = z.object({
  accessToken: z.string(),
  tokenType: z.string(),
  refreshToken: z.string().optional(),
  expiresAt: z.number().optional(),
  scope: z.string().optional(),
  clientId: z.string(),
  clientSecret: z.string().optional(),
  dpopKey: z.object({ publicJwk: z.record(z.string(), z.unknown()), privateJwk: z.record(z.string(), z.unknown()) }).optional(),
});

const fileSchema = z.object({
  version: z.literal(1),
  grants: z.array(z.object({ issuer: z.string(), resource: z.string(), grant: grantSchema })),
});

interface Entry {
  key: GrantKey;
  grant: StoredGrant;
  remember: boolean;
}

export interface FileTokenStoreOptions {
  /** The MCP Lens home (default $MCP_LENS_HOME or ~/.mcp-lens). */
  home?: string;
  /** Told, in one sentence, why the remembered grants could not be read or written. */
  onProblem?: (text: string) => void;
  now?: () => number;
}

/** Where remembered grants live under a home. */
export function grantsFile(home: string): string {
  return path.join(home, 'oauth', 'grants.json');
}

export class FileTokenStore implements TokenStore {
  readonly file: string;
  private readonly entries = new Map<string, Entry>();
  private loaded = false;

  constructor(private readonly options: FileTokenStoreOptions = {}) {
    this.file = grantsFile(options.home ?? defaultHome());
  }

  get(key: GrantKey): StoredGrant | undefined {
    this.load();
    const entry = this.entries.get(idOf(key));
    if (entry === undefined) return undefined;
    if (this.spent(entry.grant)) {
      this.entries.delete(idOf(key));
      if (entry.remember) this.save();
      return undefined;
    }
    return entry.grant;
  }

  put(key: GrantKey, grant: StoredGrant, remember: boolean): void {
    this.load();
    const before = this.entries.get(idOf(key));
    this.entries.set(idOf(key), { key: { issuer: key.issuer, resource: key.resource }, grant, remember });
    // A grant not to be remembered also takes an older remembered one for the same key off the disk.
    if (remember || before?.remember === true) this.save();
  }

  forget(key?: Partial<GrantKey>): number {
    this.load();
    let count = 0;
    let remembered = false;
    for (const [id, entry] of this.entries) {
      if (key?.issuer !== undefined && entry.key.issuer !== key.issuer) continue;
      if (key?.resource !== undefined && entry.key.resource !== key.resource) continue;
      this.entries.delete(id);
      remembered ||= entry.remember;
      count++;
    }
    if (remembered) this.save();
    return count;
  }

  /** An access token past its expiry is worth keeping only for the refresh token beside it. */
  private spent(grant: StoredGrant): boolean {
    const now = (this.options.now ?? Date.now)();
    return grant.expiresAt !== undefined && grant.expiresAt <= now && grant.refreshToken === undefined;
  }

  private problem(text: string): void {
    this.options.onProblem?.(text);
  }

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    const text = this.readOwnerOnly();
    if (text === undefined) return;
    let parsed: z.infer<typeof fileSchema>;
    try {
      parsed = fileSchema.parse(JSON.parse(text));
    } catch {
      this.problem(
        `the remembered authorizations in ${this.file} are not a file MCP Lens wrote (not JSON of its shape): not used; the next remembered authorization replaces it`,
      );
      return;
    }
    let dropped = false;
    for (const { issuer, resource, grant } of parsed.grants) {
      const stored = withoutUndefined(grant);
      if (this.spent(stored)) {
        dropped = true;
        continue;
      }
      this.entries.set(idOf({ issuer, resource }), { key: { issuer, resource }, grant: stored, remember: true });
    }
    if (dropped) this.save();
  }

  /** The file's text, or undefined when there is none or it must not be trusted (said why). */
  private readOwnerOnly(): string | undefined {
    const dir = path.dirname(this.file);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.problem(`cannot read ${this.file}: ${(error as Error).message}`);
      return undefined;
    }
    const uid = process.getuid?.();
    if (!stat.isFile()) {
      this.problem(`${this.file} is not a plain file (a link or a folder): not read`);
      return undefined;
    }
    if (uid !== undefined && stat.uid !== uid) {
      this.problem(`${this.file} belongs to another user: not read`);
      return undefined;
    }
    if ((stat.mode & 0o022) !== 0) {
      this.problem(
        `${this.file} can be written by others (mode ${octal(stat.mode)}): not read, since its tokens could be anyone's; delete it, or chmod 600 it if you trust it`,
      );
      return undefined;
    }
    try {
      if ((stat.mode & 0o077) !== 0) fs.chmodSync(this.file, 0o600);
      const dirStat = fs.statSync(dir);
      if ((dirStat.mode & 0o077) !== 0 && (uid === undefined || dirStat.uid === uid)) fs.chmodSync(dir, 0o700);
      return fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      this.problem(`cannot read ${this.file}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Writes the remembered grants (a new file renamed over the old one, so a reader never sees half). */
  private save(): void {
    const grants = [...this.entries.values()].filter((e) => e.remember && !this.spent(e.grant));
    const dir = path.dirname(this.file);
    const part = `${this.file}.${process.pid}.part`;
    try {
      if (grants.length === 0) {
        fs.rmSync(this.file, { force: true });
        return;
      }
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      fs.chmodSync(dir, 0o700);
      const body = JSON.stringify({ version: 1, grants: grants.map((e) => ({ ...e.key, grant: e.grant })) }, null, 2);
      fs.rmSync(part, { force: true });
      fs.writeFileSync(part, `${body}\n`, { mode: 0o600, flag: 'wx' });
      fs.renameSync(part, this.file);
    } catch (error) {
      try {
        fs.rmSync(part, { force: true });
      } catch {
        // Nothing more to do: the problem below is what the user needs to hear.
      }
      this.problem(`cannot write ${this.file}: ${(error as Error).message}; the authorization is kept for this run only`);
    }
  }
}

function idOf(key: GrantKey): string {
  return JSON.stringify([key.issuer, key.resource]);
}

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(3, '0');
}

/** zod's optional members may come back as undefined under exactOptionalPropertyTypes: drop them. */
function withoutUndefined(grant: z.infer<typeof grantSchema>): StoredGrant {
  return Object.fromEntries(Object.entries(grant).filter(([, v]) => v !== undefined)) as unknown as StoredGrant;
}
