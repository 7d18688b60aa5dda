// `--followers HOST:PORT`, read before anything loads (the listener's module brings express).

/** Parses `HOST:PORT` (`[::]:PORT` for IPv6). */
export function parseFollowersAddress(text: string): { host: string; port: number } | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text);
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (host === undefined || !Number.isInteger(port) || port > 65535) return undefined;
  return { host, port };
}
