import os from 'node:os';
import path from 'node:path';

/** Where MCP Lens keeps what it writes (journals, remembered grants): $MCP_LENS_HOME, else ~/.mcp-lens. */
export function defaultHome(): string {
  return process.env.MCP_LENS_HOME ?? path.join(os.homedir(), '.mcp-lens');
}
