/** Only well-formed MIME types of the expected family reach a data: URL. */
export function safeMime(mime: unknown, family: 'image' | 'audio'): string | undefined {
  if (typeof mime !== 'string') return undefined;
  return new RegExp(`^${family}/[a-z0-9.+-]+$`, 'i').test(mime) ? mime : undefined;
}

export function isBase64(data: unknown): data is string {
  return typeof data === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(data) && data.length % 4 !== 1;
}

export function base64Size(data: string): number {
  return Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}
