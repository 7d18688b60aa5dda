/** `mcp-lens tap --install / --uninstall`: being built (issue 26); this placeholder only refuses. */
export interface TapInstallOptions {
  file: string;
  server: string;
  uninstall: boolean;
  dryRun: boolean;
  /** For an entry with a url: where `mcp-lens tap --url` will listen. */
  listen?: { host: string; port: number };
}

export function runTapInstall(_options: TapInstallOptions, _out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  err.write('mcp-lens tap: --install and --uninstall are not built yet\n');
  return Promise.resolve(2);
}
