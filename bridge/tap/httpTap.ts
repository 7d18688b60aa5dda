/** `mcp-lens tap --url --listen`: being built (issue 26); this placeholder only refuses. */
export interface HttpTapOptions {
  url: string;
  listen: { host: string; port: number };
  home?: string;
}

export function runHttpTap(_options: HttpTapOptions, err: NodeJS.WritableStream): Promise<number> {
  err.write('mcp-lens tap: --url is not built yet\n');
  return Promise.resolve(2);
}
