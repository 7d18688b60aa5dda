/** `mcp-lens tap -- command args…`: being built (issue 26). */
export interface StdioTapOptions {
  command: string;
  args: string[];
  home?: string;
}

export function runStdioTap(_options: StdioTapOptions): Promise<number> {
  return Promise.resolve(2);
}
